package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The inbox as workers see it. Every method joins the caller's transaction and records the status change
 * in the row's history, except a wait ({@link #waitLater}), which ends no attempt. Throws {@link io.tambat.domain.error.StoreUnavailableException} when the database
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
    boolean retryLater(UUID inboxId, int attempt, Instant nextAttemptAt, String redactedError, Instant now);

    /**
     * Gives a leased row back without counting the attempt it was leased with, due again at {@code nextLookAt},
     * with a redacted reason; fenced. A delta waiting for its predecessors has not failed: however often it looks
     * again within its window, it keeps every attempt for a failure. No history row: the wait ended no attempt.
     */
    boolean waitLater(UUID inboxId, int attempt, Instant nextLookAt, String redactedReason);

    /** Ends a leased row FAILED with an operator-visible, redacted reason; fenced. */
    boolean fail(UUID inboxId, int attempt, String redactedError, Instant now);

    /** FAILED back to RECEIVED, due now, attempt count kept. False when the row is not FAILED. */
    boolean redrive(UUID inboxId, Instant now);

    /**
     * Redrives up to {@code max} FAILED rows of the selection, the first after {@code after} in the selection's
     * order ({@link InboxSelection.Position}), as {@link #redrive} would one by one. Rows another transaction
     * holds are skipped, never waited for.
     *
     * @return the positions of the rows redriven, in order; empty when none is left after {@code after}
     */
    List<InboxSelection.Position> redriveSelected(InboxSelection selection, Optional<InboxSelection.Position> after,
            int max, Instant now);

    /**
     * Sends up to {@code max} PROCESSED rows of the selection back to RECEIVED, due now, attempt count kept, the
     * first after {@code after}; only rows received since {@code recordsKeptSince} whose payload is still kept,
     * since processing reads the payload and its processed-event record must still be there. Processing then
     * runs again under the same processed-event key. Rows another transaction holds are skipped.
     *
     * @return the positions of the rows sent back, in order; empty when none is left after {@code after}
     */
    List<InboxSelection.Position> replaySelected(InboxSelection selection, Optional<InboxSelection.Position> after,
            int max, Instant now, Instant recordsKeptSince);

    /** How many PROCESSED rows of the selection {@link #replaySelected} leaves alone (payload or record gone). */
    long countNotReplayable(InboxSelection selection, Instant recordsKeptSince);

    /**
     * Drops the encrypted raw payload of PROCESSED rows received before {@code processedBefore}, and of FAILED
     * rows received before {@code failedBefore} (none without it: a FAILED event keeps what a redrive needs), at
     * most {@code batch}.
     *
     * @return how many payloads were purged
     */
    int purgePayloads(Instant processedBefore, Optional<Instant> failedBefore, int batch);

    /**
     * Deletes PROCESSED rows received before the cutoff, at most {@code batch}, with their history; a row with
     * a forward delivery still PENDING or FAILED is kept until it is delivered or skipped, so that delivery can
     * still be sent, redriven or replayed. FAILED rows are kept: they wait for an operator.
     *
     * @return how many rows were deleted
     */
    int purgeFinished(Instant receivedBefore, int batch);
}
