package io.tambat.adapter.out.objectstore;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The object store of a server configured without one: payloads stay in their rows, and a row that names an object
 * (stored while a store was configured) cannot be read until one is configured again, which its error says.
 */
public final class NoPayloadObjectStore implements PayloadObjectStorePort {

    private static final String NOT_CONFIGURED =
            "no payload object store is configured (tambat.payloads.s3.bucket), yet a row names a payload object";

    @Override
    public void put(PayloadObjectKey key, SealedPayload payload) {
        throw new StoreUnavailableException(NOT_CONFIGURED, null);
    }

    @Override
    public void putInBackground(PayloadObjectKey key, SealedPayload payload) {
        throw new StoreUnavailableException(NOT_CONFIGURED, null);
    }

    @Override
    public Optional<SealedPayload> get(PayloadObjectKey key, String sealingKeyId) {
        throw new StoreUnavailableException(NOT_CONFIGURED, null);
    }

    @Override
    public void delete(Collection<PayloadObjectKey> keys) {
        throw new StoreUnavailableException(NOT_CONFIGURED, null);
    }

    /** None: without a store there is nothing to walk. */
    @Override
    public List<PayloadObjectKey> writtenBefore(Instant before, Optional<PayloadObjectKey> after, int limit) {
        return List.of();
    }
}
