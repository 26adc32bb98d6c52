package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
    public List<NewForward> forEvent(ForwardCause event) {
        return forMessage(MessageType.EVENT, NewForward.eventMessageId(event.inboxId()), event);
    }

    /** One delivery per destination that takes the state change this event's mutation made. */
    public List<NewForward> forStateChange(ForwardCause mutation) {
        return forMessage(MessageType.STATE_CHANGE, NewForward.stateChangeMessageId(mutation.inboxId()), mutation);
    }

    private List<NewForward> forMessage(MessageType type, String messageId, ForwardCause cause) {
        List<NewForward> forwards = new ArrayList<>(all.size());
        for (Destination destination : all) {
            destination.forward(type, messageId, cause).ifPresent(forwards::add);
        }
        return forwards;
    }
}
