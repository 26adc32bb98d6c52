package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * What causes forwarded messages: a stored event, or the mutation its processing applied, as destinations
 * choose among them (by endpoint and event type) and as their deliveries record it.
 *
 * @param receivedAt  when the event was received: its deliveries are kept, and go, with the day of it
 * @param committedAt when the cause commits: the event stored, or the mutation applied
 */
public record ForwardCause(UUID inboxId, Instant receivedAt, String endpointId, String eventType,
        String orderingKey, Instant committedAt) {

    public ForwardCause {
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(receivedAt);
        Objects.requireNonNull(endpointId);
        Objects.requireNonNull(eventType);
        Objects.requireNonNull(orderingKey);
        Objects.requireNonNull(committedAt);
    }
}
