package io.tambat.domain.model.forwarding;

import java.nio.charset.StandardCharsets;
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

    /**
     * A state change's message id: derived from its event's inbox id (an event applies one mutation at most),
     * so every copy and every instance names it alike, and different from that event's message id.
     */
    public static String stateChangeMessageId(UUID inboxId) {
        return UUID.nameUUIDFromBytes(("state-change:" + inboxId).getBytes(StandardCharsets.UTF_8)).toString();
    }
}
