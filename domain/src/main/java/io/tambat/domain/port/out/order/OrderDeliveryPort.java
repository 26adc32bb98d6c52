package io.tambat.domain.port.out.order;

import io.tambat.domain.model.order.FailedOrderDelivery;
import io.tambat.domain.model.order.OrderDelivery;
import java.time.Instant;
import java.util.List;

/**
 * The order outbox as its consumer sees it. Methods join the caller's transaction; leasing skips rows other
 * consumers hold, so several instances never deliver one notification at the same time.
 */
public interface OrderDeliveryPort {

    /**
     * Leases up to {@code max} due, undelivered notifications until {@code leaseUntil}, counting one more attempt
     * for each (see {@link io.tambat.domain.model.processing.Lease}).
     */
    List<OrderDelivery> leaseDue(int max, Instant now, Instant leaseUntil);

    /*
     * Every write below names the attempt that holds the lease and returns false, changing nothing, once another
     * consumer has taken the notification over.
     */

    boolean markCharged(long outboxId, int attempt, Instant now);

    boolean markReserved(long outboxId, int attempt, Instant now);

    /** Every step done: the notification is published. */
    boolean markDelivered(long outboxId, int attempt, Instant now);

    boolean retryLater(long outboxId, int attempt, Instant nextAttemptAt, String redactedError);

    /** Ends the notification FAILED with a redacted reason, for an operator to inspect and redrive. */
    boolean fail(long outboxId, int attempt, String redactedError, Instant now);

    /** FAILED notifications, newest first, at most {@code limit}. */
    List<FailedOrderDelivery> failed(int limit);

    /**
     * A FAILED notification back to due now, its finished steps and its attempt count kept; the derived
     * idempotency keys are those of its order, so nothing done before is done twice.
     *
     * @return false when no FAILED notification has this id
     */
    boolean redrive(long outboxId, Instant now);
}
