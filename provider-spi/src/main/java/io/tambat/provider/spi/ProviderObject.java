package io.tambat.provider.spi;

import java.util.Objects;
import java.util.Optional;

/**
 * An object's state as its provider states it: from a versioned event, or fetched from the provider's API.
 *
 * @param version the provider's authoritative version or sequence, when it has one
 */
public record ProviderObject(String state, Optional<Long> version) {

    public ProviderObject {
        if (state == null || state.isBlank() || state.length() > 255) {
            throw new IllegalArgumentException("state must be 1-255 characters");
        }
        Objects.requireNonNull(version);
    }
}
