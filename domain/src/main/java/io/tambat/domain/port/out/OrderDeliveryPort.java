package io.tambat.domain.port.out;

import io.tambat.domain.model.order.OrderDelivery;
import java.time.Instant;
import java.util.List;

/**
 * The order outbox as its consumer sees it. Methods join the caller's transaction; leasing skips rows other
 * consumers hold, so several instances never deliver one notification at the same time.
 */
public interface OrderDeliveryPort {

    /** Leases up to {@code max} due, undelivered notifications until {@code leaseUntil}. */
    List<OrderDelivery> leaseDue(int max, Instant now, Instant leaseUntil);

    void markCharged(long outboxId, Instant now);

    void markReserved(long outboxId, Instant now);

    /** Every step done: the notification is published. */
    void markDelivered(long outboxId, Instant now);

    void retryLater(long outboxId, Instant nextAttemptAt, String redactedError);

    void fail(long outboxId, String redactedError, Instant now);
}
