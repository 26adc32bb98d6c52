package io.tambat.adapter.out.telemetry;

import com.ibm.websphere.logging.hpel.LogRecordContext;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.util.function.Function;

/**
 * Puts the current span's trace and span ids on every log line written while a span is current, as
 * {@code ext_traceId} and {@code ext_spanId} of Liberty's JSON log format, through Liberty's log record context:
 * its extensions are asked for their value as each record is written, on the thread that writes it. No span
 * current (tracing off, or a line outside any request or work), no field.
 */
@ApplicationScoped
class TraceIdsInLogs {

    static final String TRACE_ID = "traceId";
    static final String SPAN_ID = "spanId";

    // Liberty keeps extensions by weak reference: these fields hold them for as long as the application runs.
    private final LogRecordContext.Extension traceId = current(SpanContext::getTraceId);
    private final LogRecordContext.Extension spanId = current(SpanContext::getSpanId);

    void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // A key can hold one extension: one that an earlier start of the application left behind goes first.
        unregister();
        LogRecordContext.registerExtension(TRACE_ID, traceId);
        LogRecordContext.registerExtension(SPAN_ID, spanId);
    }

    @PreDestroy
    void unregister() {
        LogRecordContext.unregisterExtension(TRACE_ID);
        LogRecordContext.unregisterExtension(SPAN_ID);
    }

    /** A value of the calling thread's current span; null (no field) when none is valid. */
    private static LogRecordContext.Extension current(Function<SpanContext, String> id) {
        return () -> {
            SpanContext context = Span.current().getSpanContext();
            return context.isValid() ? id.apply(context) : null;
        };
    }
}
