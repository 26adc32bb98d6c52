package io.tambat.provider.spi;

import java.util.Objects;

/** One provider object: whose it is, what kind, and the provider's id for it. */
public record ObjectKey(String provider, ObjectType type, String objectId) {

    public static final int MAX_ID_LENGTH = 255;

    public ObjectKey {
        Objects.requireNonNull(provider);
        Objects.requireNonNull(type);
        if (objectId == null || objectId.isBlank() || objectId.length() > MAX_ID_LENGTH) {
            throw new IllegalArgumentException("object id must be 1-" + MAX_ID_LENGTH + " characters");
        }
    }
}
