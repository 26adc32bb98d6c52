package io.tambat.domain.port.out.operator;

import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.OperatorAction;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The durable audit trail of operator actions. Every method joins the caller's transaction, so an action and
 * its record commit together or not at all. Throws {@link io.tambat.domain.error.StoreUnavailableException}
 * when the database cannot answer.
 */
public interface OperatorAuditPort {

    void record(OperatorAction action);

    /**
     * Adds {@code changed} to a recorded bulk action's count, in the transaction of the batch that changed them,
     * so the count never says more or less than what committed, even for an action cut short; {@code at} is when
     * the action last made progress.
     */
    void addCount(UUID actionId, long changed, Instant at);

    /** A bulk action ended at {@code at}: completed, or failed for the redacted reason given. */
    void ended(UUID actionId, Instant at, Optional<String> failure);

    /** One action with where it stands; empty when no action has this id. */
    Optional<ActionProgress> find(UUID actionId);

    /** Newest first, at most {@code limit}, of one kind or of all. */
    List<OperatorAction> recent(Optional<OperatorAction.Kind> kind, int limit);
}
