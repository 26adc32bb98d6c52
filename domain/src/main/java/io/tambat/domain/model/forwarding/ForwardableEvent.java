package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * A received event with what forwarding it needs, as a replay reads it to fill a destination with the messages
 * it never had (events received before it was configured): the event, while its payload is kept, and the state
 * change its processing applied, while the trail keeps the mutation.
 *
 * @param objectId    the object the event names, if any
 * @param payloadKept whether retention still keeps the event's payload
 * @param mutation    the mutation its processing applied, while the trail keeps it
 */
public record ForwardableEvent(UUID inboxId, String provider, String endpointId, String eventType,
        Optional<String> objectId, Instant receivedAt, boolean payloadKept, Optional<AppliedMutation> mutation) {

    /** The object a mutation changed, and when. */
    public record AppliedMutation(String objectId, Instant appliedAt) {

        public AppliedMutation {
            Objects.requireNonNull(objectId);
            Objects.requireNonNull(appliedAt);
        }
    }

    public ForwardableEvent {
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(provider);
        Objects.requireNonNull(endpointId);
        Objects.requireNonNull(eventType);
        Objects.requireNonNull(objectId);
        Objects.requireNonNull(receivedAt);
        Objects.requireNonNull(mutation);
    }

    /**
     * The deliveries the destination takes of this event, as its ingest and processing would have written them
     * (the same message ids and ordering keys), of what is still kept to send.
     */
    public List<NewForward> forwardsTo(Destination destination) {
        List<NewForward> forwards = new ArrayList<>(2);
        if (payloadKept) {
            destination.forward(MessageType.EVENT, NewForward.eventMessageId(inboxId), new ForwardCause(inboxId,
                    receivedAt, endpointId, eventType, NewForward.orderingKey(provider, endpointId, objectId, inboxId),
                    receivedAt)).ifPresent(forwards::add);
        }
        mutation.flatMap(applied -> destination.forward(MessageType.STATE_CHANGE,
                NewForward.stateChangeMessageId(inboxId), new ForwardCause(inboxId, receivedAt, endpointId, eventType,
                        NewForward.orderingKey(provider, endpointId, Optional.of(applied.objectId()), inboxId),
                        applied.appliedAt()))).ifPresent(forwards::add);
        return forwards;
    }
}
