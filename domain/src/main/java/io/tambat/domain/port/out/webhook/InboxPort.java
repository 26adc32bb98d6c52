package io.tambat.domain.port.out.webhook;

import io.tambat.domain.model.inbox.NewInboxEvent;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The durable inbox of accepted webhook events, unique per (provider, endpoint, provider event id).
 * Methods join the caller's transaction; nothing is durable before that transaction commits.
 */
public interface InboxPort {

    /**
     * Stores each entry unless its logical event is stored already, in one statement for all of them.
     * Decided by the database's unique constraint in that statement, never by a read before the write: of
     * concurrent inserts of one event, in one call or in several transactions, exactly one creates the row and
     * the others wait for it and report it as existing.
     *
     * @return for each entry, in order, the inbox id of the row holding its event, and whether this call
     *         created it
     * @throws io.tambat.domain.error.StoreUnavailableException when the database cannot answer
     */
    List<Insertion> insertAll(List<NewInboxEvent> entries);

    /** {@link #insertAll} of one entry. */
    default Insertion insertIfAbsent(NewInboxEvent entry) {
        return insertAll(List.of(entry)).get(0);
    }

    /**
     * Records that the body of a newly stored entry was accepted on its endpoint, unless the same body was
     * accepted there after {@code seenAfter}, under its digest or an earlier form of it
     * ({@link io.tambat.domain.model.webhook.PayloadDigest}). Decided by the database's unique key on the digest
     * in one statement, like {@link #insertIfAbsent}; an older record of the body is taken over.
     *
     * @return the inbox id under which the body was accepted within the window, if it was
     */
    Optional<UUID> recordBodyUnlessSeen(NewInboxEvent entry, Instant seenAfter);

    /** Forgets bodies accepted before {@code before} (older than any replay window), at most {@code batch}. */
    int purgeSeenBodies(Instant before, int batch);

    /** Result of {@link #insertAll} for one entry. */
    record Insertion(UUID inboxId, boolean created) {
    }
}
