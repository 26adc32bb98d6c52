package io.tambat.adapter.out.telemetry;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.port.out.work.TracingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The tracing port on the OpenTelemetry API that MicroProfile Telemetry provides. While the SDK is disabled
 * (its default) the tracer is a no-op: no span records, nothing is current, and every method returns after a
 * check, building no attribute and no string.
 */
@ApplicationScoped
class OpenTelemetryTracingAdapter implements TracingPort {

    static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("tambat.provider");
    static final AttributeKey<String> ENDPOINT = AttributeKey.stringKey("tambat.endpoint");
    static final AttributeKey<String> INBOX_ID = AttributeKey.stringKey("tambat.inbox_id");
    static final AttributeKey<String> ORDER_ID = AttributeKey.stringKey("tambat.order_id");
    static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("tambat.attempt");

    private static final TracingPort.TracedWork NOT_RECORDING = () -> {
    };

    @Inject
    Tracer tracer;

    @Override
    public Optional<String> currentContext() {
        SpanContext current = Span.current().getSpanContext();
        return current.isValid() ? Optional.of(W3cTraceparent.format(current)) : Optional.empty();
    }

    /**
     * A new trace, linked to the accepting request's span rather than its child: processing runs later, perhaps
     * many times (retries, a redrive days after) and on another instance, and as children those attempts would
     * stretch the request's trace over all of that. A link keeps each trace one unit of work and still leads
     * from an attempt to the delivery that caused it, as OpenTelemetry's messaging conventions do for consumers.
     */
    @Override
    public TracingPort.TracedWork processing(LeasedInboxEvent event) {
        SpanBuilder builder = tracer.spanBuilder("tambat.event.process").setSpanKind(SpanKind.CONSUMER).setNoParent();
        event.traceContext().flatMap(W3cTraceparent::parse).ifPresent(builder::addLink);
        Span span = builder.startSpan();
        if (!span.isRecording()) {
            return NOT_RECORDING;
        }
        span.setAttribute(PROVIDER, event.provider());
        span.setAttribute(ENDPOINT, event.endpointId().value());
        span.setAttribute(INBOX_ID, event.inboxId().toString());
        span.setAttribute(ATTEMPT, event.lease().attempt());
        return current(span);
    }

    @Override
    public TracingPort.TracedWork delivery(OrderDelivery delivery) {
        Span span = tracer.spanBuilder("tambat.order.deliver").setSpanKind(SpanKind.CONSUMER).setNoParent()
                .startSpan();
        if (!span.isRecording()) {
            return NOT_RECORDING;
        }
        span.setAttribute(ORDER_ID, delivery.orderId().toString());
        span.setAttribute(ATTEMPT, delivery.lease().attempt());
        return current(span);
    }

    private static TracingPort.TracedWork current(Span span) {
        Scope scope = span.makeCurrent();
        return () -> {
            scope.close();
            span.end();
        };
    }
}
