package io.tambat.it.telemetry;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An OTLP/HTTP collector (WireMock) that accepts every export and decodes the protobuf trace exports it
 * received at {@code /v1/traces}, as the server's exporter sends them with {@code http/protobuf}.
 */
final class OtlpCollector implements AutoCloseable {

    private final WireMockServer server = new WireMockServer(WireMockConfiguration.options().dynamicPort());

    OtlpCollector start() {
        server.start();
        server.stubFor(post(anyUrl()).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/x-protobuf")));
        return this;
    }

    /** What {@code OTEL_EXPORTER_OTLP_ENDPOINT} is set to. */
    String endpoint() {
        return "http://127.0.0.1:" + server.port();
    }

    /** Every span exported so far, with the attributes of its resource beside its own. */
    List<ExportedSpan> spans() {
        List<ExportedSpan> spans = new ArrayList<>();
        server.findAll(postRequestedFor(urlEqualTo("/v1/traces"))).forEach(request -> {
            for (ResourceSpans resource : parse(request.getBody()).getResourceSpansList()) {
                Map<String, String> resourceAttributes = strings(resource.getResource().getAttributesList());
                for (ScopeSpans scope : resource.getScopeSpansList()) {
                    scope.getSpansList().forEach(span -> spans.add(new ExportedSpan(span, resourceAttributes)));
                }
            }
        });
        return spans;
    }

    @Override
    public void close() {
        server.stop();
    }

    private static ExportTraceServiceRequest parse(byte[] body) {
        try {
            return ExportTraceServiceRequest.parseFrom(body);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("not an OTLP protobuf trace export", e);
        }
    }

    /** Every attribute as text, whatever its type: what a test looks for leaks in. */
    static Map<String, String> strings(List<KeyValue> attributes) {
        return attributes.stream().collect(Collectors.toMap(KeyValue::getKey, kv -> kv.getValue().hasStringValue()
                ? kv.getValue().getStringValue() : kv.getValue().toString(), (a, b) -> a + "," + b));
    }

    static String hex(ByteString id) {
        return HexFormat.of().formatHex(id.toByteArray());
    }

    /** One exported span, its ids in the lower-case hex of W3C trace context. */
    record ExportedSpan(Span span, Map<String, String> resourceAttributes) {

        String name() {
            return span.getName();
        }

        String traceId() {
            return hex(span.getTraceId());
        }

        String spanId() {
            return hex(span.getSpanId());
        }

        String parentSpanId() {
            return hex(span.getParentSpanId());
        }

        Map<String, String> attributes() {
            return strings(span.getAttributesList());
        }

        Optional<String> attribute(String key) {
            return Optional.ofNullable(attributes().get(key));
        }

        /** The spans this one links to, as {@code <trace id>-<span id>}. */
        List<String> links() {
            return span.getLinksList().stream().map(link -> hex(link.getTraceId()) + "-" + hex(link.getSpanId()))
                    .toList();
        }

        /** Every attribute value of the span, of its links, events and resource: where nothing secret may be. */
        List<String> everyValue() {
            List<String> values = new ArrayList<>(attributes().values());
            span.getLinksList().forEach(link -> values.addAll(strings(link.getAttributesList()).values()));
            span.getEventsList().forEach(event -> values.addAll(strings(event.getAttributesList()).values()));
            values.addAll(resourceAttributes.values());
            values.add(span.getName());
            values.add(span.getStatus().getMessage());
            return values;
        }
    }
}
