package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.reconciliation.ReconciliationReport;

/** What the scheduled reconciliation found, for the gauges that alerts watch. */
public interface ReconciliationMetricsPort {

    void reconciled(ReconciliationReport report);
}
