package io.tambat.application.testing;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadObjectStorePort;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/** A payload object store in a map, in key order as S3 lists them; it can be made unavailable. */
public final class InMemoryObjectStore implements PayloadObjectStorePort {

    private final Map<String, SealedPayload> objects = new ConcurrentSkipListMap<>();
    private volatile boolean available = true;

    public void available(boolean available) {
        this.available = available;
    }

    public Map<String, SealedPayload> objects() {
        return Map.copyOf(objects);
    }

    @Override
    public void put(PayloadObjectKey key, SealedPayload payload) {
        answer();
        objects.put(key.value(), payload);
    }

    @Override
    public void putInBackground(PayloadObjectKey key, SealedPayload payload) {
        put(key, payload);
    }

    @Override
    public Optional<SealedPayload> get(PayloadObjectKey key, String sealingKeyId) {
        answer();
        return Optional.ofNullable(objects.get(key.value()));
    }

    @Override
    public void delete(Collection<PayloadObjectKey> keys) {
        answer();
        keys.forEach(key -> objects.remove(key.value()));
    }

    @Override
    public List<PayloadObjectKey> writtenBefore(Instant before, Optional<PayloadObjectKey> after, int limit) {
        answer();
        return objects.keySet().stream()
                .filter(key -> after.map(start -> key.compareTo(start.value()) > 0).orElse(true))
                .map(PayloadObjectKey::new)
                .takeWhile(key -> key.hourEndedBy(before))
                .limit(limit)
                .toList();
    }

    private void answer() {
        if (!available) {
            throw new StoreUnavailableException("the object store is down", null);
        }
    }
}
