package io.tambat.domain.model.inbox;

import io.tambat.domain.model.BoundedCounts;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectType;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * An inbox event as an operator sees it: identifiers, life cycle and a redacted reason, never the
 * payload.
 */
public record InboxEvent(
        UUID inboxId,
        String provider,
        EndpointId endpointId,
        String providerEventId,
        String eventType,
        Optional<String> objectId,
        Optional<Long> objectVersion,
        InboxStatus status,
        int attemptCount,
        Instant receivedAt,
        Instant nextAttemptAt,
        String matchedSecretVersion,
        Optional<String> lastError,
        boolean payloadRetained) {

    /** One status the row had, and since when. */
    public record StatusChange(InboxStatus status, Instant at) {
    }

    /**
     * A row with its history, oldest change first, and the business mutation its processing applied, while the
     * mutation trail keeps it.
     */
    public record Detail(InboxEvent row, List<StatusChange> history, Optional<Mutation> mutation) {
    }

    /**
     * A row's payload as stored, with the identity its ciphertext is bound to; {@code stored} is empty once
     * retention purged it.
     */
    public record Payload(UUID inboxId, String provider, EndpointId endpointId, String providerEventId,
            Optional<StoredPayload> stored) {

        /** What the ciphertext was sealed with: opening it under any other row's identity fails. */
        public byte[] associatedData() {
            return NewInboxEvent.payloadAssociatedData(inboxId, provider, endpointId, providerEventId);
        }
    }

    /** The state an event's processing wrote for one object, named as {@code /admin/objects} names it. */
    public record Mutation(ObjectType objectType, String objectId, String state, Optional<Long> version,
            Instant appliedAt) {
    }

    /**
     * Filters of the operator listing; empty matches all. The received range is half open: from
     * {@code receivedFrom} included to {@code receivedTo} excluded.
     */
    public record Filter(Optional<InboxStatus> status, Optional<String> provider, Optional<String> endpointId,
            Optional<String> eventType, Optional<String> providerEventId, Optional<Instant> receivedFrom,
            Optional<Instant> receivedTo) {
    }

    /**
     * One page of the listing, newest first: {@code hasMore} when rows older than the last one match too, to be
     * read by asking for the rows after it.
     */
    public record Page(List<InboxEvent> rows, boolean hasMore) {
    }

    /**
     * Counts by status, the age of the oldest row still to be processed (0 when none), the forwarding outbox:
     * deliveries pending to any destination and the age of the oldest (0 when none), and the FAILED rows whose
     * payload retention removes within {@link FailedPayloadRetention#WARNING} (none while FAILED payloads are kept
     * for ever): a redrive needs the payload. Every count but PROCESSED stops at {@link BoundedCounts#UP_TO};
     * PROCESSED, which grows with the retention window rather than with a backlog, is exact on an inbox of fewer
     * rows than that and PostgreSQL's estimate above it.
     */
    public record Stats(java.util.Map<String, Long> counts, long oldestPendingAgeSeconds, long outboxUnpublished,
            long outboxLagSeconds, long failedLosingPayloadSoon) {
    }
}
