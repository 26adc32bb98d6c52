package io.tambat.domain.model.inbox;

import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.webhook.EndpointId;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * An inbox event a worker holds a lease on. The payload is empty once retention purged it; the trace context is
 * that of the request that accepted it, when one was traced.
 */
public record LeasedInboxEvent(
        UUID inboxId,
        String provider,
        EndpointId endpointId,
        String providerEventId,
        String eventType,
        Optional<String> objectId,
        Optional<Long> objectVersion,
        Lease lease,
        Instant receivedAt,
        Optional<StoredPayload> payload,
        Optional<String> traceContext) {

    public LeasedInboxEvent {
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(provider);
        Objects.requireNonNull(endpointId);
        Objects.requireNonNull(providerEventId);
        Objects.requireNonNull(eventType);
        Objects.requireNonNull(objectId);
        Objects.requireNonNull(objectVersion);
        Objects.requireNonNull(lease);
        Objects.requireNonNull(receivedAt);
        Objects.requireNonNull(payload);
        Objects.requireNonNull(traceContext);
    }
}
