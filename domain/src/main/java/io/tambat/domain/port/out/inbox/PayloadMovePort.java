package io.tambat.domain.port.out.inbox;

import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.SealedPayload;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * The rows' side of moving stored payloads between the rows and the object store, a batch at a time: the rows of
 * a batch are picked locked (skipping rows another transaction holds), their payloads are written where they go,
 * and the rows are changed to say so, all in the caller's transaction. Only retained payloads move; a row whose
 * payload retention purged is never picked. Throws {@link io.tambat.domain.error.StoreUnavailableException} when
 * the database cannot answer.
 */
public interface PayloadMovePort {

    /** Up to {@code max} rows that hold their ciphertext, locked until the caller's transaction ends. */
    List<InRow> heldInRows(int max);

    /**
     * Up to {@code max} rows that name a payload object, locked until the caller's transaction ends. A row being
     * processed now is left for a later move: its worker may be about to read the object, which is deleted once the
     * payload is back in its row.
     */
    List<InObjectStore> heldInObjectStore(int max);

    /** The row names the object and no longer holds the ciphertext. */
    void movedToObjectStore(UUID inboxId, PayloadObjectKey key);

    /** The row holds the ciphertext, named as sealed, and no longer names an object. */
    void movedToRow(UUID inboxId, SealedPayload sealed);

    /**
     * How many retained payloads are in the rows and in the object store, each counted up to
     * {@link io.tambat.domain.model.BoundedCounts#UP_TO}.
     */
    Places places();

    /** A row's ciphertext, as sealed for it. */
    record InRow(UUID inboxId, SealedPayload sealed) {

        public InRow {
            Objects.requireNonNull(inboxId);
            Objects.requireNonNull(sealed);
        }
    }

    /** A row's payload object, and the payload key its row says sealed it. */
    record InObjectStore(UUID inboxId, PayloadObjectKey key, String keyId) {

        public InObjectStore {
            Objects.requireNonNull(inboxId);
            Objects.requireNonNull(key);
            Objects.requireNonNull(keyId);
        }
    }

    /** Retained payloads by where they are, each bounded. */
    record Places(long inRows, long inObjectStore) {
    }
}
