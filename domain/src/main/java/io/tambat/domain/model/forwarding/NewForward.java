package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * One message to deliver to one destination, written in the transaction that commits its cause (the inbox
 * row, or the mutation), so it is durable from that commit on.
 */
public record NewForward(String destinationId, MessageType type, String messageId, UUID inboxId, Instant createdAt) {

    public NewForward {
        Objects.requireNonNull(destinationId);
        Objects.requireNonNull(type);
        Objects.requireNonNull(messageId);
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(createdAt);
    }

    /** An event's message id is its inbox id, whichever destination, attempt, replay or instance sends it. */
    public static String eventMessageId(UUID inboxId) {
        return inboxId.toString();
    }
}
