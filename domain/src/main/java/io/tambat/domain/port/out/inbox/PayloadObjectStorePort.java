package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.SealedPayload;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Inbox rows' sealed payloads kept in an object store, one object per row under its {@link PayloadObjectKey},
 * instead of in the row. The store only ever receives ciphertext, sealed with the row's identity as associated
 * data: an object opens with the payload keys and that row alone.
 *
 * <p>The store takes part in no transaction. A payload is put before the row that names it commits, and a
 * delivery is acknowledged only after both; so a committed row never names a missing object, while an object
 * whose row never committed (a duplicate, a rollback, a crash) stays behind as an orphan until a sweeper, walking
 * {@link #writtenBefore}, deletes it. Thread-safe. Every method throws
 * {@link io.tambat.domain.error.StoreUnavailableException} when the store cannot answer: unreachable, failing,
 * slower than its timeout, or refusing the configured bucket, region or credentials (which its message calls a
 * configuration problem).
 */
public interface PayloadObjectStorePort {

    /**
     * Stores the payload under the key, replacing any object there, and returns once the store holds it durably.
     * Gives up, retries included, within a timeout shorter than the 2 s a provider waits for its answer. When it
     * throws, the object may exist or not: not stored as far as the caller knows, an orphan if it does exist.
     */
    void put(PayloadObjectKey key, SealedPayload payload);

    /**
     * As {@link #put}, for background work that no provider waits for (a payload move, a re-seal): it gives up only
     * after the store's longer deadline for background calls, so that a large payload or a slow moment does not
     * fail a whole batch.
     */
    void putInBackground(PayloadObjectKey key, SealedPayload payload);

    /**
     * The payload stored under the key, named as the object says it was sealed, or {@code sealingKeyId} (what its
     * row names) when the object does not say. The object's word wins because a re-seal replaces the object before
     * its row's key id changes: if that change then rolls back, the object still opens. Empty when no object has
     * that key (never put, or deleted).
     */
    Optional<SealedPayload> get(PayloadObjectKey key, String sealingKeyId);

    /**
     * Deletes the objects, in batches of at most 1,000 keys, one request each. A key with no object is not an
     * error. Not atomic: when a batch fails, the batches before it stay deleted, and deleting again is safe.
     */
    void delete(Collection<PayloadObjectKey> keys);

    /**
     * Up to {@code limit} keys whose hour ended at or before {@code before} ({@link PayloadObjectKey#hourEndedBy}),
     * in key order (oldest hour first), starting after {@code after}: a sweeper's walk over candidate orphans, one
     * page at a time. The walk stops at the first key whose hour had not ended by then; a caller that leaves
     * {@code before} longer ago than any inbox transaction lasts is never shown an object whose row may still
     * commit. Objects under the prefix that are not payload objects are passed over. Not a snapshot: an object
     * put or deleted during the walk may be listed or not.
     */
    List<PayloadObjectKey> writtenBefore(Instant before, Optional<PayloadObjectKey> after, int limit);
}
