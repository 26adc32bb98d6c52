package io.tambat.adapter.out.metrics;

import io.tambat.domain.port.out.OrderBacklogPort;
import io.tambat.domain.port.out.OrderMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
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

    @Override
    public void placementRolledBack() {
        registry.counter(ROLLBACKS).inc();
    }

    @Override
    public void operationAttempt(String outcome) {
        registry.counter("tambat.orders.operations.attempts", new Tag("outcome", outcome)).inc();
    }

    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        registry.counter(ROLLBACKS);
        CachedReading<OrderBacklogPort.Backlog> backlog = new CachedReading<>(clock, orders::backlog);
        backlog.gauge(registry, "tambat.idempotency.oldest.in.progress.age", MetricUnits.SECONDS,
                "age of the oldest long order operation still in progress",
                OrderBacklogPort.Backlog::oldestOperationAgeSeconds);
        backlog.gauge(registry, "tambat.orders.outbox.lag", MetricUnits.SECONDS,
                "age of the oldest OrderCreated notification not yet delivered downstream",
                OrderBacklogPort.Backlog::outboxLagSeconds);
        backlog.gauge(registry, "tambat.orders.outbox.pending", MetricUnits.NONE,
                "OrderCreated notifications not yet delivered downstream", OrderBacklogPort.Backlog::outboxPending);
        backlog.gauge(registry, "tambat.orders.outbox.failed", MetricUnits.NONE,
                "OrderCreated notifications that ended FAILED, waiting for a redrive",
                OrderBacklogPort.Backlog::outboxFailed);
    }
}
