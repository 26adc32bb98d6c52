package io.tambat.domain.model.forwarding;

import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.inbox.StoredPayload;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A leased delivery of one message to one destination, with what sending it needs of its event: the identity
 * the headers carry, and the message's content: the sealed raw body of an event, the applied mutation of a
 * state change (each empty once retention purged it, and always empty for the other type).
 *
 * @param causedAt               when its cause committed: the event stored, or the mutation applied
 * @param attemptsBeforeSchedule attempts made before its current retry schedule began: a redrive or replay
 *                               starts the schedule afresh, while the lease's attempt counts them all
 */
public record ForwardDelivery(
        long deliveryId,
        String destinationId,
        MessageType type,
        String messageId,
        UUID inboxId,
        String orderingKey,
        Instant causedAt,
        Lease lease,
        int attemptsBeforeSchedule,
        String provider,
        EndpointId endpointId,
        String eventType,
        String providerEventId,
        Optional<String> contentType,
        Optional<StoredPayload> payload,
        Optional<StateChangeNotice> stateChange) {

    /** The content type of every state-change body. */
    public static final String STATE_CHANGE_CONTENT_TYPE = "application/json";

    public ForwardDelivery {
        Objects.requireNonNull(destinationId);
        Objects.requireNonNull(type);
        Objects.requireNonNull(messageId);
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(orderingKey);
        Objects.requireNonNull(causedAt);
        Objects.requireNonNull(lease);
        Objects.requireNonNull(provider);
        Objects.requireNonNull(endpointId);
        Objects.requireNonNull(eventType);
        Objects.requireNonNull(providerEventId);
        Objects.requireNonNull(contentType);
        Objects.requireNonNull(payload);
        Objects.requireNonNull(stateChange);
    }

    /** Which attempt of its current retry schedule this lease is: 1 for the first. */
    public int scheduleAttempt() {
        return lease.attempt() - attemptsBeforeSchedule;
    }

    /** Whether retention removed what the message carries: its event's payload, or its mutation. */
    public boolean purged() {
        return type == MessageType.EVENT ? payload.isEmpty() : stateChange.isEmpty();
    }

    /** The message as sent, around its body: an event's opened payload, or a state change's rendered notice. */
    public ForwardMessage message(byte[] body) {
        String bodyType = type == MessageType.STATE_CHANGE ? STATE_CHANGE_CONTENT_TYPE
                : contentType.orElse("application/octet-stream");
        return new ForwardMessage(messageId, type, inboxId, orderingKey, provider, endpointId.value(), eventType,
                providerEventId, bodyType, body);
    }
}
