package io.tambat.application.port.in.inbox;

import io.tambat.domain.model.reconciliation.ReconciliationReport;
import java.time.Instant;

/** Accepted events compared with what processing made of them, for operators. */
public interface ReconcileInboxUseCase {

    /** How many ids a report names per kind of discrepancy; its counts are always complete. */
    int MAX_IDS = 100;

    /** Events received in {@code [from, to)}, judged as of now. */
    ReconciliationReport reconcile(Instant from, Instant to);
}
