package io.tambat.application.port.in;

import io.tambat.domain.model.webhook.DeliveryCount;
import java.time.Duration;
import java.util.List;

/**
 * What webhook deliveries were answered, minute by minute, for the console's chart: cluster-wide, kept for
 * {@link #KEPT}. Prometheus keeps the same counts for longer ({@code tambat_webhook_requests_total}).
 */
public interface CountDeliveriesUseCase {

    Duration KEPT = Duration.ofHours(24);

    /** One delivery to {@code provider}'s endpoint answered with {@code outcome}. Never blocks, never fails. */
    void counted(String provider, String outcome);

    /** The counts of the last {@code window} (at most {@link #KEPT}), this instance's latest included. */
    List<DeliveryCount> recent(Duration window);
}
