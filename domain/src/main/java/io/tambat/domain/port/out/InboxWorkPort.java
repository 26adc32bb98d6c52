package io.tambat.domain.port.out;

import io.tambat.domain.model.processing.LeasedEvent;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The inbox as workers see it. Every method joins the caller's transaction and records the status change
 * in the row's history. Throws {@link io.tambat.domain.error.StoreUnavailableException} when the database
 * cannot answer.
 */
public interface InboxWorkPort {

    /**
     * Leases up to {@code max} due rows (RECEIVED, or PROCESSING whose lease expired, with
     * {@code next_attempt_at <= now}) until {@code leaseUntil}, counting one more attempt for each (see
     * {@link io.tambat.domain.model.processing.Lease}). Rows another transaction is leasing are skipped, never
     * waited for: two workers, in one process or in several on one database, never hold the same row. Oldest
     * due first; no other order is promised.
     */
    List<LeasedEvent> leaseDue(int max, Instant now, Instant leaseUntil);

    /**
     * Ends leased rows PROCESSED, in one statement, each only while the attempt it was leased with still
     * holds its lease.
     *
     * @return the ids of the rows ended; a row missing from them had its lease taken over (or ended otherwise)
     *         and did not change
     */
    Set<UUID> markProcessed(List<LeasedEvent> events, Instant now);

    /** Gives a leased row back for another attempt at {@code nextAttemptAt}, with a redacted reason; fenced. */
    boolean retryLater(UUID inboxId, int attempt, Instant nextAttemptAt, String redactedError, Instant now);

    /** Ends a leased row FAILED with an operator-visible, redacted reason; fenced. */
    boolean fail(UUID inboxId, int attempt, String redactedError, Instant now);

    /** FAILED back to RECEIVED, due now, attempt count kept. False when the row is not FAILED. */
    boolean redrive(UUID inboxId, Instant now);

    /**
     * Drops the encrypted raw payload of finished rows received before the cutoff, at most {@code batch}.
     *
     * @return how many payloads were purged
     */
    int purgePayloads(Instant receivedBefore, int batch);

    /**
     * Deletes PROCESSED rows received before the cutoff, at most {@code batch}, with their history; a row with
     * a notification still unpublished in the outbox is kept until it is published. FAILED rows are kept: they
     * wait for an operator.
     *
     * @return how many rows were deleted
     */
    int purgeFinished(Instant receivedBefore, int batch);
}
