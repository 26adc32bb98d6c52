package io.tambat.domain.model.processing;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** The business state processing derived for one provider object. */
public record ObjectState(ObjectKey key, String state, Optional<Long> version, UUID lastInboxId, Instant updatedAt) {

    public ObjectState {
        Objects.requireNonNull(key);
        Objects.requireNonNull(state);
        Objects.requireNonNull(version);
        Objects.requireNonNull(lastInboxId);
        Objects.requireNonNull(updatedAt);
    }
}
