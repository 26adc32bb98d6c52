package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.inbox.LeasedInboxEvent;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The inbox as workers see it: leases and the ends of attempts. Every method joins the caller's transaction and
 * records the status change in the row's history, except a wait ({@link #waitLater}), which ends no attempt. A
 * leased event names its row by its id and its time of receipt, which locates the row without a look into every
 * day's rows where the inbox is kept by day; its attempt fences every end.
 * Throws {@link io.tambat.domain.error.StoreUnavailableException} when the database cannot answer. Operators'
 * recovery is {@link InboxRecoveryPort}, retention {@link InboxRetentionPort}.
 */
public interface InboxWorkPort {

    /**
     * Leases up to {@code max} due rows (RECEIVED, or PROCESSING whose lease expired, with
     * {@code next_attempt_at <= now}) until {@code leaseUntil}, counting one more attempt for each (see
     * {@link io.tambat.domain.model.processing.Lease}). Rows another transaction is leasing are skipped, never
     * waited for: two workers, in one process or in several on one database, never hold the same row. Oldest
     * due first; no other order is promised.
     */
    List<LeasedInboxEvent> leaseDue(int max, Instant now, Instant leaseUntil);

    /**
     * Ends leased rows PROCESSED, in one statement, each only while the attempt it was leased with still
     * holds its lease.
     *
     * @return the ids of the rows ended; a row missing from them had its lease taken over (or ended otherwise)
     *         and did not change
     */
    Set<UUID> markProcessed(List<LeasedInboxEvent> events, Instant now);

    /** Gives a leased row back for another attempt at {@code nextAttemptAt}, with a redacted reason; fenced. */
    boolean retryLater(LeasedInboxEvent event, Instant nextAttemptAt, String redactedError, Instant now);

    /**
     * Gives a leased row back without counting the attempt it was leased with, due again at {@code nextLookAt},
     * with a redacted reason; fenced. A delta waiting for its predecessors has not failed: however often it looks
     * again within its window, it keeps every attempt for a failure. No history row: the wait ended no attempt.
     */
    boolean waitLater(LeasedInboxEvent event, Instant nextLookAt, String redactedReason);

    /** Ends a leased row FAILED with an operator-visible, redacted reason; fenced. */
    boolean fail(LeasedInboxEvent event, String redactedError, Instant now);
}
