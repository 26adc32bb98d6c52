package io.tambat.adapter.metrics;

import io.tambat.domain.port.out.order.OrderBacklogPort;
import io.tambat.domain.port.out.order.OrderMetricsPort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Order placement rollbacks, and order backlog gauges read from the tables: how long the oldest long
 * operation has been in progress, and how far delivery of OrderCreated to payments and inventory lags.
 */
@ApplicationScoped
public class OrderMetrics implements OrderMetricsPort {

    static final String ROLLBACKS = "tambat.orders.rollbacks";

    @Inject
    MetricRegistry registry;

    @Inject
    OrderBacklogPort orders;

    @Inject
    Clock clock;

    private Counter rollbacks;
    private MetricHandles<String, Counter> operationAttempts;

    @Override
    public void placementRolledBack() {
        rollbacks.inc();
    }

    @Override
    public void operationAttempt(String outcome) {
        operationAttempts.get(outcome).inc();
    }

    /** Counters are looked up once, and registered at zero before the first order (see {@link #register}). */
    @PostConstruct
    void lookUp() {
        rollbacks = registry.counter(ROLLBACKS);
        operationAttempts = new MetricHandles<>(outcome -> registry.counter("tambat.orders.operations.attempts",
                new Tag("outcome", outcome)));
        for (String outcome : new String[] {"completed", "superseded", "retried", "failed"}) {
            operationAttempts.get(outcome);
        }
    }

    /** At start: the backlog gauges, and (by creating the bean) every counter at zero, for dashboards and alerts. */
    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        CachedReading<OrderBacklogPort.Backlog> backlog = new CachedReading<>(clock, orders::backlog);
        backlog.gauge(registry, "tambat.idempotency.oldest.in.progress.age", MetricUnits.SECONDS,
                "age of the oldest long order operation still in progress",
                OrderBacklogPort.Backlog::oldestOperationAgeSeconds);
        backlog.gauge(registry, "tambat.orders.outbox.lag", MetricUnits.SECONDS,
                "age of the oldest OrderCreated notification not yet delivered downstream",
                OrderBacklogPort.Backlog::outboxLagSeconds);
        backlog.gauge(registry, "tambat.orders.outbox.pending", MetricUnits.NONE,
                "OrderCreated notifications not yet delivered downstream" + CachedReading.COUNTED_UP_TO,
                OrderBacklogPort.Backlog::outboxPending);
        backlog.gauge(registry, "tambat.orders.outbox.failed", MetricUnits.NONE,
                "OrderCreated notifications that ended FAILED, waiting for a redrive" + CachedReading.COUNTED_UP_TO,
                OrderBacklogPort.Backlog::outboxFailed);
    }
}
