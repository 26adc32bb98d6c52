package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.reconciliation.ReconciliationQuery;
import io.tambat.domain.model.reconciliation.ReconciliationReport;

/**
 * Compares accepted inbox rows with their processed-event records and their mutations. Read-only,
 * from one snapshot of the database; never returns payloads. Throws
 * {@link io.tambat.domain.error.StoreUnavailableException} when the database cannot answer.
 */
public interface ReconciliationPort {

    ReconciliationReport reconcile(ReconciliationQuery query);
}
