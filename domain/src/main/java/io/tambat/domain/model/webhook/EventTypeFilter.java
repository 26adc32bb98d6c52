package io.tambat.domain.model.webhook;

import java.util.Set;

/** Which event types an endpoint stores; authentic events of other types are acknowledged and dropped. */
public record EventTypeFilter(Set<String> allowed) {

    private static final String ANY = "*";

    public EventTypeFilter {
        allowed = Set.copyOf(allowed);
        if (allowed.isEmpty()) {
            throw new IllegalArgumentException("an event type filter needs at least one type or *");
        }
    }

    public static EventTypeFilter any() {
        return new EventTypeFilter(Set.of(ANY));
    }

    public boolean allows(String eventType) {
        return allowed.contains(ANY) || allowed.contains(eventType);
    }
}
