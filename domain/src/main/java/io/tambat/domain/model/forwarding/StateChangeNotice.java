package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * What a state-change message says: one mutation that processing applied to one object's business state, and
 * the event that caused it.
 *
 * @param version the version or sequence number the mutation carried, if any
 */
public record StateChangeNotice(UUID inboxId, String provider, String endpointId, String objectType,
        String objectId, String state, Optional<Long> version, Instant appliedAt) {

    /** The {@code type} of every state-change body. */
    public static final String TYPE = "object.state-changed";

    public StateChangeNotice {
        Objects.requireNonNull(inboxId);
        Objects.requireNonNull(provider);
        Objects.requireNonNull(endpointId);
        Objects.requireNonNull(objectType);
        Objects.requireNonNull(objectId);
        Objects.requireNonNull(state);
        Objects.requireNonNull(version);
        Objects.requireNonNull(appliedAt);
    }
}
