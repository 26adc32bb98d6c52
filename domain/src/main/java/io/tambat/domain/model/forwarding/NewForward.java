package io.tambat.domain.model.forwarding;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One message to deliver to one destination, written in the transaction that commits its cause (the inbox
 * row, or the mutation), so it is durable from that commit on.
 *
 * @param eventReceivedAt when the message's event was received: the delivery is kept, and goes, with the day of
 *                    it
 * @param orderingKey what the message is about (see {@link #orderingKey}): the Kafka record key, and the unit of
 *                    per-object ordering
 */
public record NewForward(String destinationId, MessageType type, String messageId, UUID inboxId,
        Instant eventReceivedAt, String orderingKey, Instant createdAt) {

    public NewForward {
        Objects.requireNonNull(destinationId);
        Objects.requireNonNull(type);
        Objects.requireNonNull(messageId);
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(eventReceivedAt);
        Objects.requireNonNull(orderingKey);
        Objects.requireNonNull(createdAt);
    }

    /**
     * The object a message is about, {@code <provider>:<endpoint>:<object id>}, or its inbox id when it names
     * none. An event names its object by id before processing knows the object's type, so the type is left out:
     * an object's events and its state changes then share one key (and one Kafka partition).
     */
    public static String orderingKey(String provider, String endpointId, Optional<String> objectId, UUID inboxId) {
        return objectId.map(id -> provider + ":" + endpointId + ":" + id).orElseGet(inboxId::toString);
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
