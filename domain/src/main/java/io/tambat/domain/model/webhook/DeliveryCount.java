package io.tambat.domain.model.webhook;

import java.time.Instant;
import java.util.Objects;

/**
 * How many deliveries to one provider's endpoints got one answer in one minute. {@code outcome} is the
 * delivery's outcome as {@code tambat_webhook_requests_total} names it: a receipt status or a problem code.
 */
public record DeliveryCount(Instant minute, String provider, String outcome, long deliveries) {

    public DeliveryCount {
        Objects.requireNonNull(minute);
        Objects.requireNonNull(provider);
        Objects.requireNonNull(outcome);
        if (deliveries < 0) {
            throw new IllegalArgumentException("deliveries cannot be negative");
        }
    }
}
