package io.tambat.domain.model.processing;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * One notification in the outbox. Its inbox id is the idempotency key for whatever consumes it.
 *
 * @param topic {@code webhook.received} (work is waiting) or {@code object.state-changed} (a business
 *              mutation committed)
 */
public record OutboxMessage(long outboxId, UUID inboxId, String topic, Instant createdAt) {

    public static final String WEBHOOK_RECEIVED = "webhook.received";
    public static final String OBJECT_STATE_CHANGED = "object.state-changed";

    public OutboxMessage {
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(topic);
        Objects.requireNonNull(createdAt);
    }
}
