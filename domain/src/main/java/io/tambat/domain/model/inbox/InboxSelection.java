package io.tambat.domain.model.inbox;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The rows an operator's bulk action applies to: every filter given must match, an absent one matches all.
 * The time range is half open, {@code receivedFrom <= received_at < receivedTo}.
 */
public record InboxSelection(Optional<String> provider, Optional<String> endpointId, Optional<String> eventType,
        Optional<Instant> receivedFrom, Optional<Instant> receivedTo) {

    public InboxSelection {
        Objects.requireNonNull(provider);
        Objects.requireNonNull(endpointId);
        Objects.requireNonNull(eventType);
        Objects.requireNonNull(receivedFrom);
        Objects.requireNonNull(receivedTo);
        if (receivedFrom.isPresent() && receivedTo.isPresent() && !receivedFrom.get().isBefore(receivedTo.get())) {
            throw new IllegalArgumentException("received_from must be before received_to");
        }
    }

    /** The filters given, by their names in the operator API, for the audit trail. */
    public Map<String, String> described() {
        Map<String, String> filters = new LinkedHashMap<>();
        provider.ifPresent(value -> filters.put("provider", value));
        endpointId.ifPresent(value -> filters.put("endpoint", value));
        eventType.ifPresent(value -> filters.put("event_type", value));
        receivedFrom.ifPresent(value -> filters.put("received_from", value.toString()));
        receivedTo.ifPresent(value -> filters.put("received_to", value.toString()));
        return filters;
    }

    /**
     * Where a bulk action has got to, in the order it walks the rows ({@code received_at}, then {@code inbox_id}):
     * each batch starts after the last row the one before moved, so a row that comes back while the action runs
     * (redriven, failed again) is not taken twice by one action.
     */
    public record Position(Instant receivedAt, UUID inboxId) {
        public Position {
            Objects.requireNonNull(receivedAt);
            Objects.requireNonNull(inboxId);
        }
    }
}
