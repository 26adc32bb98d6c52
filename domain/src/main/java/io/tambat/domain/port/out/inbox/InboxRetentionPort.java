package io.tambat.domain.port.out.inbox;

import java.time.Instant;
import java.util.Optional;

/**
 * Retention of the inbox: payloads dropped once past their window, finished rows deleted, each in bounded
 * batches. Every method joins the caller's transaction. Throws
 * {@link io.tambat.domain.error.StoreUnavailableException} when the database cannot answer.
 */
public interface InboxRetentionPort {

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
