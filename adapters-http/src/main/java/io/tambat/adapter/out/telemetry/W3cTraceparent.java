package io.tambat.adapter.out.telemetry;

import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import java.util.Optional;

/**
 * A span context as a W3C {@code traceparent} value, version 00: {@code 00-<trace id>-<span id>-<flags>}, the
 * form an inbox row stores. Trace state is not kept: a link needs only the identities.
 */
final class W3cTraceparent {

    private static final String VERSION = "00";
    private static final int LENGTH = 55;
    private static final int TRACE_ID_AT = 3;
    private static final int SPAN_ID_AT = 36;
    private static final int FLAGS_AT = 53;

    private W3cTraceparent() {
    }

    static String format(SpanContext context) {
        return VERSION + "-" + context.getTraceId() + "-" + context.getSpanId() + "-"
                + context.getTraceFlags().asHex();
    }

    /** The remote span context a stored value names; empty for anything but a valid version 00 value. */
    static Optional<SpanContext> parse(String value) {
        if (value.length() != LENGTH || !value.startsWith(VERSION + "-") || value.charAt(SPAN_ID_AT - 1) != '-'
                || value.charAt(FLAGS_AT - 1) != '-' || !isHex(value, FLAGS_AT, LENGTH)) {
            return Optional.empty();
        }
        SpanContext context = SpanContext.createFromRemoteParent(value.substring(TRACE_ID_AT, SPAN_ID_AT - 1),
                value.substring(SPAN_ID_AT, FLAGS_AT - 1), TraceFlags.fromHex(value, FLAGS_AT),
                TraceState.getDefault());
        return context.isValid() ? Optional.of(context) : Optional.empty();
    }

    private static boolean isHex(String value, int from, int to) {
        for (int i = from; i < to; i++) {
            if (Character.digit(value.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }
}
