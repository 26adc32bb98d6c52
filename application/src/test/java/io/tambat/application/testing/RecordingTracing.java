package io.tambat.application.testing;

import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.port.out.work.TracingPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Tracing as a test sees it: a settable current context, and each span as a short line ({@code processing
 * <inbox id> linked to <context>}, {@code delivery <order id>}) added when it starts and {@code end} when it ends.
 */
public final class RecordingTracing implements TracingPort {

    private final List<String> recorded = new ArrayList<>();
    private Optional<String> current = Optional.empty();

    /** What {@link #currentContext()} answers from now on. */
    public RecordingTracing withCurrent(String context) {
        current = Optional.of(context);
        return this;
    }

    public List<String> recorded() {
        return List.copyOf(recorded);
    }

    @Override
    public Optional<String> currentContext() {
        return current;
    }

    @Override
    public TracedWork processing(LeasedInboxEvent event) {
        recorded.add("processing " + event.inboxId() + event.traceContext().map(" linked to "::concat).orElse(""));
        return () -> recorded.add("end");
    }

    @Override
    public TracedWork delivery(OrderDelivery delivery) {
        recorded.add("delivery " + delivery.orderId());
        return () -> recorded.add("end");
    }
}
