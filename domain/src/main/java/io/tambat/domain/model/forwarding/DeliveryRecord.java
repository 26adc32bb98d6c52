package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One delivery as operators see it. The error is redacted when written; the status is the destination's
 * last answer, where it gave one.
 */
public record DeliveryRecord(
        long deliveryId,
        String messageId,
        MessageType type,
        UUID inboxId,
        DeliveryStatus status,
        int attemptCount,
        Optional<Instant> nextAttemptAt,
        Optional<Instant> deliveredAt,
        Optional<String> lastError,
        Optional<Integer> lastStatus,
        Instant createdAt) {

    public DeliveryRecord {
        Objects.requireNonNull(messageId);
        Objects.requireNonNull(type);
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(status);
        Objects.requireNonNull(nextAttemptAt);
        Objects.requireNonNull(deliveredAt);
        Objects.requireNonNull(lastError);
        Objects.requireNonNull(lastStatus);
        Objects.requireNonNull(createdAt);
    }
}
