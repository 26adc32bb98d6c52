package io.tambat.provider.spi;

import java.util.Optional;

/**
 * An accepted event as processing sees it: what ingress extracted, and the raw body it verified
 * (decrypted; never logged).
 */
public final class StoredEvent {

    private final String provider;
    private final String providerEventId;
    private final String eventType;
    private final Optional<String> objectId;
    private final Optional<Long> objectVersion;
    private final byte[] payload;

    public StoredEvent(String provider, String providerEventId, String eventType, Optional<String> objectId,
            Optional<Long> objectVersion, byte[] payload) {
        this.provider = provider;
        this.providerEventId = providerEventId;
        this.eventType = eventType;
        this.objectId = objectId;
        this.objectVersion = objectVersion;
        this.payload = payload.clone();
    }

    public String provider() {
        return provider;
    }

    /** The provider's logical id of the event; for a batch, of the one item this row holds (Adyen). */
    public String providerEventId() {
        return providerEventId;
    }

    public String eventType() {
        return eventType;
    }

    public Optional<String> objectId() {
        return objectId;
    }

    public Optional<Long> objectVersion() {
        return objectVersion;
    }

    public byte[] payload() {
        return payload.clone();
    }
}
