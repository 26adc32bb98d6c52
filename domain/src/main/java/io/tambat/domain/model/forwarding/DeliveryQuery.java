package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * Which deliveries of one destination to list, newest first: by status, event, the event's receipt range
 * (from included, to excluded), after a delivery id (the previous page's last), at most {@code limit}.
 */
public record DeliveryQuery(Optional<DeliveryStatus> status, Optional<UUID> inboxId, Optional<Instant> receivedFrom,
        Optional<Instant> receivedTo, Optional<Long> startingAfter, int limit) {

    public static final int MAX_LIMIT = 500;

    public DeliveryQuery {
        Objects.requireNonNull(status);
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(receivedFrom);
        Objects.requireNonNull(receivedTo);
        Objects.requireNonNull(startingAfter);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
    }
}
