package io.tambat.domain.model.inbox;

import io.tambat.domain.model.webhook.SealedPayload;
import java.util.Objects;

/**
 * Where an inbox row's sealed payload is kept: in the row itself, or in the payload object store under the row's
 * {@link PayloadObjectKey}. Either way the row names the payload key that sealed it, and the payload opens only
 * with the row's identity as associated data.
 */
public sealed interface StoredPayload {

    /** The id of the payload key (or how it was derived) that sealed it, as the row names it. */
    String keyId();

    /** The ciphertext kept in the row. */
    record InRow(SealedPayload sealed) implements StoredPayload {

        public InRow {
            Objects.requireNonNull(sealed);
        }

        @Override
        public String keyId() {
            return sealed.keyId();
        }
    }

    /** The ciphertext kept in the object store, under the key the row names. */
    record InObjectStore(PayloadObjectKey key, String keyId) implements StoredPayload {

        public InObjectStore {
            Objects.requireNonNull(key);
            Objects.requireNonNull(keyId);
        }
    }
}
