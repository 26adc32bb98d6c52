package io.tambat.domain.model.order;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * An OrderCreated notification that ended FAILED, as an operator sees it: which steps were done, how many
 * attempts were made, and the redacted reason.
 */
public record FailedOrderDelivery(long outboxId, UUID orderId, int attemptCount, boolean charged, boolean reserved,
        String lastError, Instant createdAt, Instant failedAt) {

    public FailedOrderDelivery {
        Objects.requireNonNull(orderId);
        Objects.requireNonNull(lastError);
        Objects.requireNonNull(createdAt);
        Objects.requireNonNull(failedAt);
    }
}
