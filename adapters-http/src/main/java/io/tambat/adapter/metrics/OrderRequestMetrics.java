package io.tambat.adapter.metrics;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * What {@code POST /orders} answered: {@code tambat.idempotency.requests} by how the key was handled, and
 * {@code tambat.orders.create}, the time to the answer.
 */
@ApplicationScoped
public class OrderRequestMetrics {

    /** How a request's Idempotency-Key was handled, as the {@code outcome} tag says it. */
    public enum KeyOutcome {
        CLAIMED, REPLAYED, REJECTED, CONFLICT, IN_PROGRESS_TIMEOUT
    }

    @Inject
    MetricRegistry registry;

    private final Map<KeyOutcome, Counter> requests = new EnumMap<>(KeyOutcome.class);
    private Timer answers;

    /** Every outcome is registered at zero, so dashboards and alerts see the series before the first order. */
    @PostConstruct
    void register() {
        for (KeyOutcome outcome : KeyOutcome.values()) {
            requests.put(outcome, registry.counter("tambat.idempotency.requests",
                    new Tag("outcome", outcome.name().toLowerCase(Locale.ROOT))));
        }
        answers = registry.timer("tambat.orders.create");
    }

    void createAtStart(@Observes @Initialized(ApplicationScoped.class) Object context) {
        // creating the bean registered its metrics
    }

    public void counted(KeyOutcome outcome) {
        requests.get(outcome).inc();
    }

    public void answered(Duration latency) {
        answers.update(latency);
    }
}
