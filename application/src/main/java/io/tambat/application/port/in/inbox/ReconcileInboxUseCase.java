package io.tambat.application.port.in.inbox;

import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** Accepted events compared with what processing made of them, for operators. */
public interface ReconcileInboxUseCase {

    /** How many ids a report names per kind of discrepancy; its counts are always complete. */
    int MAX_IDS = 100;

    /** Events received in {@code [from, to)}, judged as of now, from one snapshot. */
    ReconciliationReport reconcile(Instant from, Instant to);

    /**
     * Events received in {@code [from, to)}, judged as of now, read an hour of the range at a time in the
     * background (each hour from one snapshot of its own) and kept with the action, whose count grows by the
     * events each hour held; waits for the report at most {@code wait}.
     */
    ActionAnswer<ReconciliationReport> reconcileInBackground(Operator operator, Instant from, Instant to,
            Duration wait);

    /** The report a background reconciliation kept; empty while it runs, when it failed, or for another action. */
    Optional<ReconciliationReport> kept(UUID actionId);
}
