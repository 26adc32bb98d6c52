package io.tambat.it.telemetry;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.tambat.it.processing.ProcessingServers;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.ServerWithWireMock;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.StripeMainEndpoint;
import io.tambat.it.support.TestDatabase;
import io.tambat.it.telemetry.OtlpCollector.ExportedSpan;
import io.tambat.sender.signing.StandardWebhooksSigner;
import io.tambat.sender.signing.StripeSigner;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The runnable jar with tracing turned on by the standard OTEL_* environment, exporting OTLP/HTTP protobuf to a
 * collector: a delivery's span and its processing's span arrive, the processing links to the delivery, both
 * name the delivery by identities only, and a Stripe API fetch and an order's delivery to payments carry their
 * span's trace context. The
 * console, switched to JSON by {@code WLP_LOGGING_CONSOLE_FORMAT}, writes Tambat's own lines as JSON too, each
 * written within a span with that span's trace and span ids.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TracingIT {

    private static final String SCHEMA = "tambat_tracing";
    private static final String ENDPOINT = "std-traced";
    private static final String STRIPE_SECRET = "whsec_it_tracing";
    private static final Duration CONVERGENCE = Duration.ofSeconds(30);
    /** The name of the span of a request itself, as the server opens it: not one of Tambat's own (tambat.*). */
    private static final Predicate<String> REQUEST_SPAN = name -> !name.startsWith("tambat.");

    private final TestDatabase db = new TestDatabase(SCHEMA);
    private final OtlpCollector collector = new OtlpCollector();
    /** The server, and Stripe's API, payments and inventory as one WireMock; it exports to the collector. */
    private final ServerWithWireMock server = new ServerWithWireMock("tracing", SCHEMA, Duration.ofSeconds(90),
            url -> StripeMainEndpoint.settings(STRIPE_SECRET, url, "sk_test_it_tracing", Map.ofEntries(
                    Map.entry("TAMBAT_WEBHOOKS_ENDPOINTS", ENDPOINT + ",stripe-main"),
                    Map.entry("TAMBAT_WEBHOOKS_ENDPOINT_STD_TRACED_PROVIDER", "standard"),
                    Map.entry("TAMBAT_WEBHOOKS_ENDPOINT_STD_TRACED_SECRETS", "v1:" + StandardDeliveries.SECRET),
                    Map.entry("TAMBAT_PAYMENTS_URL", url),
                    Map.entry("TAMBAT_INVENTORY_URL", url),
                    Map.entry("OTEL_SDK_DISABLED", "false"),
                    Map.entry("OTEL_SERVICE_NAME", "tambat-it"),
                    Map.entry("OTEL_TRACES_EXPORTER", "otlp"),
                    Map.entry("OTEL_METRICS_EXPORTER", "none"),
                    Map.entry("OTEL_LOGS_EXPORTER", "none"),
                    Map.entry("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"),
                    Map.entry("OTEL_EXPORTER_OTLP_ENDPOINT", collector.endpoint()),
                    Map.entry("OTEL_BSP_SCHEDULE_DELAY", "100"),
                    Map.entry("WLP_LOGGING_CONSOLE_FORMAT", "JSON"))))
            // Refused, so that the worker logs a line of its own (the refusal) for the JSON console to show.
            .stubbing(downstream -> downstream.stubFor(post(urlEqualTo("/charges"))
                    .willReturn(aResponse().withStatus(402))));

    /** The collector first: the server's settings name where it listens. */
    @BeforeAll
    void start() {
        collector.start();
        server.start();
    }

    @AfterAll
    void stop() {
        server.close();
        collector.close();
    }

    @Test
    void theProcessingSpanLinksToTheSpanThatAcceptedTheDeliveryAndNeitherCarriesContent() {
        String marker = "content-" + UUID.randomUUID();
        String messageId = StandardDeliveries.newMessageId();
        byte[] body = ProcessingServers.paymentEvent(ProcessingServers.newObjectId(), 1, "succeeded", marker);

        long now = Instant.now().getEpochSecond();
        String signature = StandardWebhooksSigner.signature(StandardDeliveries.SECRET, messageId, now, body);

        HttpResponse<String> answer = Http.post(server.baseUri().resolve("webhooks/standard/" + ENDPOINT), body,
                "Content-Type", "application/json", "webhook-id", messageId, "webhook-timestamp",
                String.valueOf(now), "webhook-signature", signature);

        assertThat(answer.statusCode()).isEqualTo(200);
        String inboxId = Http.json(answer).getString("inbox_id");
        Eventually.within(CONVERGENCE, () -> assertThat(StandardDeliveries.status(db, messageId)).isEqualTo("PROCESSED"));
        Eventually.within(CONVERGENCE, () -> {
            List<ExportedSpan> spans = collector.spans();
            ExportedSpan accepting = only(spans, REQUEST_SPAN, "tambat.inbox_id", inboxId);
            ExportedSpan processing = only(spans, "tambat.event.process"::equals, "tambat.inbox_id", inboxId);

            assertThat(accepting.attributes()).containsEntry("tambat.provider", "standard")
                    .containsEntry("tambat.endpoint", ENDPOINT).containsEntry("tambat.outcome", "accepted");
            assertThat(processing.attributes()).containsEntry("tambat.provider", "standard")
                    .containsEntry("tambat.endpoint", ENDPOINT);
            assertThat(processing.links()).containsExactly(accepting.traceId() + "-" + accepting.spanId());
            assertThat(processing.traceId()).isNotEqualTo(accepting.traceId());
            assertThat(db.rows("SELECT trace_context FROM webhook_inbox WHERE inbox_id = CAST(? AS uuid)", inboxId)
                    .get(0).get("trace_context"))
                    .isEqualTo("00-" + accepting.traceId() + "-" + accepting.spanId() + "-01");
            for (ExportedSpan span : List.of(accepting, processing)) {
                assertThat(span.everyValue()).as(span.name()).noneMatch(value -> value.contains(marker)
                        || value.contains(StandardDeliveries.SECRET) || value.contains(signature.substring(3)));
            }
        });
    }

    @Test
    void aStripeFetchCarriesTheProcessingSpansContext() {
        String objectId = "pi_" + UUID.randomUUID().toString().replace("-", "");
        server.wireMock().stubFor(get(urlEqualTo("/v1/payment_intents/" + objectId))
                .willReturn(okJson("{\"id\":\"" + objectId + "\",\"status\":\"succeeded\"}")));
        byte[] body = ("{\"id\":\"evt_" + UUID.randomUUID() + "\",\"object\":\"event\",\"type\":"
                + "\"payment_intent.succeeded\",\"data\":{\"object\":{\"id\":\"" + objectId + "\","
                + "\"object\":\"payment_intent\"}}}").getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> answer = Http.post(server.baseUri().resolve("webhooks/stripe/stripe-main"), body,
                "Content-Type", "application/json", "Stripe-Signature",
                StripeSigner.signatureHeader(STRIPE_SECRET, Instant.now().getEpochSecond(), body));

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        String inboxId = Http.json(answer).getString("inbox_id");
        Eventually.within(CONVERGENCE, () -> {
            ExportedSpan processing = only(collector.spans(), "tambat.event.process"::equals, "tambat.inbox_id",
                    inboxId);
            assertThat(server.wireMock().findAll(getRequestedFor(urlEqualTo("/v1/payment_intents/" + objectId))))
                    .isNotEmpty().allSatisfy(fetch -> assertThat(fetch.getHeader("traceparent"))
                            .isEqualTo("00-" + processing.traceId() + "-" + processing.spanId() + "-01"));
        });
    }

    @Test
    void anOrdersDeliveryToPaymentsCarriesItsSpanAndTheConsoleLogsJsonWithItsIds() {
        HttpResponse<String> placed = Http.send(Http.request(server.baseUri().resolve("orders"),
                "Authorization", "Bearer " + OperatorTokens.forTenant("tenant-" + UUID.randomUUID()),
                "Idempotency-Key", "key-" + UUID.randomUUID(), "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"currency\":\"EUR\",\"items\":[{\"sku\":\"SKU-1\","
                        + "\"quantity\":2,\"unit_price_minor\":1250}]}")).build());

        assertThat(placed.statusCode()).isEqualTo(201);
        String orderId = Http.json(placed).getString("id");
        Eventually.within(CONVERGENCE, () -> {
            List<ExportedSpan> spans = collector.spans();
            ExportedSpan placement = only(spans, REQUEST_SPAN, "tambat.order_id", orderId);
            ExportedSpan delivery = only(spans, "tambat.order.deliver"::equals, "tambat.order_id", orderId);

            assertThat(placement.attributes()).containsEntry("tambat.outcome", "claimed");
            List<LoggedRequest> charges = server.wireMock().findAll(postRequestedFor(urlEqualTo("/charges")))
                    .stream().filter(charge -> charge.getBodyAsString().contains(orderId)).toList();
            assertThat(charges).isNotEmpty().allSatisfy(charge -> assertThat(charge.getHeader("traceparent"))
                    .isEqualTo("00-" + delivery.traceId() + "-" + delivery.spanId() + "-01"));
            assertThat(server.process().console().lines()
                    .filter(line -> line.contains("delivery refused") && line.contains(orderId)))
                    .isNotEmpty()
                    .allSatisfy(line -> assertThat(line).startsWith("{\"type\":\"liberty_message\"")
                            .contains("\"loglevel\":\"WARNING\"")
                            .contains("\"ext_traceId\":\"" + delivery.traceId() + "\"")
                            .contains("\"ext_spanId\":\"" + delivery.spanId() + "\""));
        });
    }

    @Test
    void anOrderRefusedByValidationSaysSoOnItsSpan() {
        String key = "key-" + UUID.randomUUID();
        HttpResponse<String> refused = Http.send(Http.request(server.baseUri().resolve("orders"),
                "Authorization", "Bearer " + OperatorTokens.forTenant("tenant-" + UUID.randomUUID()),
                "Idempotency-Key", key, "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"currency\":\"eur\",\"items\":[]}")).build());

        assertThat(refused.statusCode()).isEqualTo(400);
        Eventually.within(CONVERGENCE, () -> assertThat(collector.spans()).anySatisfy(span -> {
            assertThat(span.name()).doesNotStartWith("tambat.");
            assertThat(span.attribute("tambat.outcome")).contains("invalid_request");
            assertThat(span.everyValue()).noneMatch(value -> value.contains(key));
        }));
    }

    /** The one span whose name {@code named} accepts and whose attribute {@code key} is {@code value}. */
    private static ExportedSpan only(List<ExportedSpan> spans, Predicate<String> named, String key, String value) {
        List<ExportedSpan> found = spans.stream().filter(span -> named.test(span.name())
                && span.attribute(key).filter(value::equals).isPresent()).toList();
        assertThat(found).as("matching spans among %s", spans.stream().map(ExportedSpan::name).toList()).hasSize(1);
        return found.get(0);
    }
}
