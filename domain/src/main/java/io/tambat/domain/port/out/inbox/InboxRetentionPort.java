package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.inbox.PayloadObjectKey;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Retention of the inbox: raw payloads and finished rows leave in bounded batches. Every method joins the
 * caller's transaction. Throws {@link io.tambat.domain.error.StoreUnavailableException} when the database cannot
 * answer.
 */
public interface InboxRetentionPort {

    /**
     * Drops the encrypted raw payload of PROCESSED rows received before {@code processedBefore}, and of FAILED
     * rows received before {@code failedBefore} (none without it: a FAILED event keeps what a redrive needs), at
     * most {@code batch}: the ciphertext a row holds, or the name of its payload object.
     */
    Purged purgePayloads(Instant processedBefore, Optional<Instant> failedBefore, int batch);

    /**
     * Deletes PROCESSED rows received before the cutoff, at most {@code batch} (their history goes by its day, with
     * {@link io.tambat.domain.port.out.retention.TimePartitionsPort}); a row with a forward delivery still PENDING or
     * FAILED is kept until it is delivered or skipped, so that delivery can still be sent, redriven or replayed.
     * FAILED rows are kept: they wait for an operator.
     */
    Purged purgeFinished(Instant receivedBefore, int batch);

    /**
     * Deletes the keys of events received before the cutoff whose rows are gone, at most {@code batch}: rows that
     * went with their day's partition ({@link io.tambat.domain.port.out.retention.TimePartitionsPort}) leave their
     * keys, which would otherwise make a later redelivery look its row up before storing it anew.
     *
     * @return how many keys it deleted
     */
    int purgeKeysWithoutRows(Instant receivedBefore, int batch);

    /**
     * Of the given payload objects, those a row still names: the others belong to no row (it never committed,
     * was deleted, or dropped its payload) and may be deleted.
     */
    Set<PayloadObjectKey> stillNamed(Collection<PayloadObjectKey> objects);

    /**
     * What a purge removed: how many payloads (or rows), and the payload objects the purged rows named, which the
     * object store holds until they are deleted once the purge committed.
     */
    record Purged(int count, List<PayloadObjectKey> objects) {

        public Purged {
            objects = List.copyOf(Objects.requireNonNull(objects));
        }
    }
}
