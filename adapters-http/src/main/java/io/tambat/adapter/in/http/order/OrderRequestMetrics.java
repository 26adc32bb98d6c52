package io.tambat.adapter.in.http.order;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Locale;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * What {@code POST /orders} answered: {@code tambat.idempotency.requests} by how the key was handled, and
 * {@code tambat.orders.create}, the time to the answer.
 */
@ApplicationScoped
public class OrderRequestMetrics {

    /** How a request's Idempotency-Key was handled, as the {@code outcome} tag says it. */
    enum KeyOutcome {
        CLAIMED, REPLAYED, REJECTED, CONFLICT, IN_PROGRESS_TIMEOUT
    }

    @Inject
    MetricRegistry registry;

    void counted(KeyOutcome outcome) {
        registry.counter("tambat.idempotency.requests", new Tag("outcome", outcome.name().toLowerCase(Locale.ROOT))).inc();
    }

    void answered(Duration latency) {
        registry.timer("tambat.orders.create").update(latency);
    }
}
