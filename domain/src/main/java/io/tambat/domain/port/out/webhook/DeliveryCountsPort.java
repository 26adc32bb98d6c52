package io.tambat.domain.port.out.webhook;

import io.tambat.domain.model.webhook.DeliveryCount;
import java.time.Instant;
import java.util.List;

/**
 * Deliveries per minute, provider and outcome, summed over every instance. Methods join the caller's
 * transaction.
 */
public interface DeliveryCountsPort {

    /** Adds each count to what is stored for its minute, provider and outcome. */
    void add(List<DeliveryCount> counts);

    /** The stored counts of the minutes from {@code from} on, oldest minute first. */
    List<DeliveryCount> since(Instant from);

    /** Forgets the counts of minutes before {@code cutoff}; returns how many rows went. */
    int forgetBefore(Instant cutoff);
}
