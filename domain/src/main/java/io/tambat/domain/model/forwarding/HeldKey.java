package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.Objects;

/**
 * An ordering key a FAILED delivery holds on a destination with per-object ordering: its later messages wait
 * until an operator redrives the FAILED one (and it is delivered) or skips it.
 *
 * @param waiting the key's later deliveries, pending behind it
 */
public record HeldKey(String orderingKey, long failedDeliveryId, Instant failedAt, long waiting) {

    public HeldKey {
        Objects.requireNonNull(orderingKey);
        Objects.requireNonNull(failedAt);
    }
}
