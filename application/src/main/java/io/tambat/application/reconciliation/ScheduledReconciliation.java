package io.tambat.application.reconciliation;

import io.tambat.application.work.BatchJob;
import io.tambat.domain.port.out.inbox.ReconciliationMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Reconciles the last {@code window} every {@code interval} and exports what it found as gauges, so an alert
 * fires on a discrepancy that no operator asked about. Its window ends {@code lateAfter} ago: work newer than
 * that cannot be late yet.
 */
@ApplicationScoped
public class ScheduledReconciliation implements BatchJob {

    @Inject
    InboxReconciliation reconciliation;

    @Inject
    ReconciliationSettings settings;

    @Inject
    ReconciliationMetricsPort metrics;

    @Inject
    Clock clock;

    @Override
    public String name() {
        return "reconciliation";
    }

    @Override
    public Cadence cadence() {
        return Cadence.PERIODIC;
    }

    @Override
    public Duration interval() {
        return settings.interval();
    }

    /** One run is one read; it reports 0 so that the scheduler never repeats it within a turn. */
    @Override
    public int runBatch() {
        Instant to = clock.instant().minus(settings.lateAfter());
        metrics.reconciled(reconciliation.reconcile(to.minus(settings.window()), to));
        return 0;
    }
}
