package io.tambat.domain.model.processing;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * What an operator may see of an inbox row: identifiers, life cycle and a redacted reason, never the
 * payload.
 */
public record InboxRow(
        UUID inboxId,
        String provider,
        String endpointId,
        String providerEventId,
        String eventType,
        Optional<String> objectId,
        Optional<Long> objectVersion,
        String status,
        int attemptCount,
        Instant receivedAt,
        Instant nextAttemptAt,
        String matchedSecretVersion,
        Optional<String> lastError,
        boolean payloadRetained) {

    /** One status the row had, and since when. */
    public record StatusChange(String status, Instant at) {
    }

    /** A row with its history, oldest change first. */
    public record Detail(InboxRow row, List<StatusChange> history) {
    }

    /** Filters of the operator listing; empty matches all. */
    public record Filter(Optional<String> status, Optional<String> provider, Optional<String> endpointId,
            Optional<String> providerEventId) {
    }

    /**
     * Counts by status, the age of the oldest row still to be processed (0 when none) and the relay's
     * backlog.
     */
    public record Stats(java.util.Map<String, Long> counts, long oldestPendingAgeSeconds, long outboxUnpublished,
            long outboxLagSeconds) {
    }
}
