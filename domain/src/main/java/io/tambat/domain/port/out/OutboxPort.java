package io.tambat.domain.port.out;

import io.tambat.domain.model.processing.OutboxMessage;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Work notifications committed in the same transaction as their cause, so no accepted event can be left
 * without its notification. A relay publishes them later, possibly more than once: consumers deduplicate by
 * inbox id.
 */
public interface OutboxPort {

    /**
     * Appends an unpublished notification about each inbox row, in one statement in the caller's
     * transaction.
     *
     * @throws io.tambat.domain.error.StoreUnavailableException when the database cannot answer
     */
    void appendAll(List<UUID> inboxIds, String topic, Instant now);

    /** {@link #appendAll} for one row. */
    default void append(UUID inboxId, String topic, Instant now) {
        appendAll(List.of(inboxId), topic, now);
    }

    /**
     * Locks up to {@code max} unpublished notifications, oldest first, for the caller's transaction;
     * notifications another relay holds are skipped, not waited for.
     */
    List<OutboxMessage> claimUnpublished(int max);

    /** Marks claimed notifications published, in the caller's transaction. */
    void markPublished(List<Long> outboxIds, Instant now);

    /** Forgets notifications published before the cutoff, oldest first, at most {@code batch}; returns how many. */
    int purgePublished(Instant publishedBefore, int batch);

    /** How many notifications wait, and since when the oldest of them does. */
    Backlog backlog();

    /** The relay's backlog: its size and the creation time of its oldest notification. */
    record Backlog(long unpublished, Optional<Instant> oldestCreatedAt) {
    }
}
