package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Every configured destination, and which of them take a message. */
public record Destinations(List<Destination> all) {

    public Destinations {
        all = List.copyOf(all);
    }

    public static Destinations none() {
        return new Destinations(List.of());
    }

    public Optional<Destination> find(String id) {
        return all.stream().filter(destination -> destination.id().equals(id)).findFirst();
    }

    /** One delivery per destination that takes this stored event; none at all when nothing is configured. */
    public List<NewForward> forEvent(UUID inboxId, String endpointId, String eventType, Instant storedAt) {
        return forMessage(MessageType.EVENT, NewForward.eventMessageId(inboxId), inboxId, endpointId, eventType,
                storedAt);
    }

    /** One delivery per destination that takes the state change this event's mutation made. */
    public List<NewForward> forStateChange(UUID inboxId, String endpointId, String eventType, Instant appliedAt) {
        return forMessage(MessageType.STATE_CHANGE, NewForward.stateChangeMessageId(inboxId), inboxId, endpointId,
                eventType, appliedAt);
    }

    private List<NewForward> forMessage(MessageType type, String messageId, UUID inboxId, String endpointId,
            String eventType, Instant causedAt) {
        List<NewForward> forwards = new ArrayList<>(all.size());
        for (Destination destination : all) {
            if (destination.takes(type, endpointId, eventType)) {
                forwards.add(new NewForward(destination.id(), type, messageId, inboxId, causedAt));
            }
        }
        return forwards;
    }
}
