package io.tambat.domain.model.forwarding;

import java.util.Optional;
import java.time.Instant;

/**
 * What one destination has waiting, as stored: deliveries pending and FAILED, the age of the oldest pending
 * one (0 when none) and when it last took a message.
 */
public record DestinationBacklog(long pending, long failed, long oldestPendingAgeSeconds,
        Optional<Instant> lastDeliveredAt) {
}
