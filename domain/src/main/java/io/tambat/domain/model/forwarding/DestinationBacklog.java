package io.tambat.domain.model.forwarding;

import java.util.Optional;
import java.time.Instant;

/**
 * What one destination has waiting, as stored: deliveries pending and FAILED, the age of the oldest pending
 * one (0 when none), when it last took a message, the ordering keys a FAILED delivery holds (per-object
 * ordering only) and whether an operator paused it. The counts stop at
 * {@link io.tambat.domain.model.BoundedCounts#UP_TO}.
 */
public record DestinationBacklog(long pending, long failed, long oldestPendingAgeSeconds,
        Optional<Instant> lastDeliveredAt, long heldKeys, boolean paused) {
}
