package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.reconciliation.ReconciliationReport;
import java.util.Optional;
import java.util.UUID;

/**
 * The reconciliation reports read in the background, each kept with the operator action that read it, as long as
 * the audit trail keeps that action. Every method joins the caller's transaction. Throws
 * {@link io.tambat.domain.error.StoreUnavailableException} when the database cannot answer.
 */
public interface ReconciliationReportsPort {

    void keep(UUID actionId, ReconciliationReport report);

    /** The report the action read; empty while it runs, when it failed, or when no action has this id. */
    Optional<ReconciliationReport> find(UUID actionId);
}
