package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How a destination has been answering, across every instance: its consecutive failed attempts and the last
 * redacted error. After {@link #FAILING_AFTER} failures in a row it is failing: it gets one attempt at a time (a
 * probe) across the fleet, each further apart, until one succeeds, so a destination that is down is not hammered
 * by every due delivery of every instance.
 *
 * @param failedProbes how many of its probes failed since it became failing: each waits longer than the one before
 */
public record DestinationAnswers(int consecutiveFailures, int failedProbes, Optional<String> lastError,
        Optional<Instant> lastFailureAt) {

    public static final int FAILING_AFTER = 5;

    /** A destination that answered every attempt so far. */
    public static final DestinationAnswers NONE = new DestinationAnswers(0, 0, Optional.empty(), Optional.empty());

    public DestinationAnswers {
        Objects.requireNonNull(lastError);
        Objects.requireNonNull(lastFailureAt);
    }

    public boolean failing() {
        return consecutiveFailures >= FAILING_AFTER;
    }
}
