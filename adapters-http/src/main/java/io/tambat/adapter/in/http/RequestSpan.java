package io.tambat.adapter.in.http;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * What Tambat answered, on the server span MicroProfile Telemetry opened for the current request: identities
 * and the outcome only, never a header, a signature or the body. Nothing is built unless the span records,
 * which it never does while tracing is off.
 */
public final class RequestSpan {

    private static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("tambat.provider");
    private static final AttributeKey<String> ENDPOINT = AttributeKey.stringKey("tambat.endpoint");
    private static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("tambat.outcome");
    private static final AttributeKey<String> INBOX_ID = AttributeKey.stringKey("tambat.inbox_id");
    private static final AttributeKey<String> ORDER_ID = AttributeKey.stringKey("tambat.order_id");

    private RequestSpan() {
    }

    /**
     * A webhook delivery's answer: {@code outcome} is the receipt status or the problem code. Of a batch's
     * rows, the first is named, as in the answer's body; each row's processing span links back here anyway.
     */
    public static void webhook(String provider, String endpointId, Enum<?> outcome, List<UUID> inboxIds) {
        Span span = Span.current();
        if (span.isRecording()) {
            webhook(span, provider, endpointId, outcome.name().toLowerCase(Locale.ROOT));
            inboxIds.stream().findFirst().ifPresent(id -> span.setAttribute(INBOX_ID, id.toString()));
        }
    }

    /** A webhook delivery answered with a problem, {@code code} being its problem code. */
    public static void webhookProblem(String provider, String endpointId, String code) {
        Span span = Span.current();
        if (span.isRecording()) {
            webhook(span, provider, endpointId, code);
        }
    }

    /** An order placement's answer: {@code outcome} is the idempotency outcome, with the order once there is one. */
    public static void order(Enum<?> outcome, Optional<UUID> orderId) {
        Span span = Span.current();
        if (span.isRecording()) {
            span.setAttribute(OUTCOME, outcome.name().toLowerCase(Locale.ROOT));
            orderId.ifPresent(id -> span.setAttribute(ORDER_ID, id.toString()));
        }
    }

    /**
     * Any answer that is a problem, {@code code} being its problem code: every route's span says how it ended,
     * including errors mapped from exceptions, which no resource sees.
     */
    public static void problem(String code) {
        Span span = Span.current();
        if (span.isRecording()) {
            span.setAttribute(OUTCOME, code);
        }
    }

    private static void webhook(Span span, String provider, String endpointId, String outcome) {
        span.setAttribute(PROVIDER, provider);
        span.setAttribute(ENDPOINT, endpointId);
        span.setAttribute(OUTCOME, outcome);
    }
}
