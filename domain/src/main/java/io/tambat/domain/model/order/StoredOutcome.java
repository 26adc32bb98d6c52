package io.tambat.domain.model.order;

import java.util.Objects;
import java.util.Optional;

/**
 * The answer an idempotency record keeps, replayed byte for byte to every retry with the same key and
 * fingerprint: the order, or a deterministic rejection (an invalid coupon, a checkout ordered already).
 */
public record StoredOutcome(int status, String body, Optional<String> resourceId) {

    public StoredOutcome {
        Objects.requireNonNull(body);
        Objects.requireNonNull(resourceId);
    }
}
