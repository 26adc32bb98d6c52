package io.tambat.domain.model.processing;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.provider.spi.ObjectKey;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** The business state processing derived for one provider object from one endpoint's events. */
public record ObjectState(EndpointId endpointId, ObjectKey key, String state, Optional<Long> version, UUID lastInboxId,
        Instant updatedAt) {

    public ObjectState {
        Objects.requireNonNull(endpointId);
        Objects.requireNonNull(key);
        Objects.requireNonNull(state);
        Objects.requireNonNull(version);
        Objects.requireNonNull(lastInboxId);
        Objects.requireNonNull(updatedAt);
    }
}
