package io.tambat.domain.model.forwarding;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/** How one attempt at one destination ended. Reasons are redacted: a status, an error class, never a body. */
public sealed interface DeliveryOutcome {

    /** The destination took the message (2xx, a broker's acknowledgement). */
    record Delivered(Optional<Integer> status) implements DeliveryOutcome {
        public Delivered {
            Objects.requireNonNull(status);
        }
    }

    /**
     * The destination did not take it: another attempt follows the schedule, no sooner than
     * {@code retryAfter} when the destination asked for a pause (429, 503 with {@code Retry-After}).
     */
    record NotDelivered(Optional<Integer> status, Optional<Duration> retryAfter, String reason)
            implements DeliveryOutcome {
        public NotDelivered {
            Objects.requireNonNull(status);
            Objects.requireNonNull(retryAfter);
            Objects.requireNonNull(reason);
        }
    }
}
