package io.tambat.domain.model.processing;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.DoubleSupplier;

/**
 * Exponential backoff with jitter: the n-th failed attempt waits between half and all of
 * {@code min(max, initial * 2^(n-1))}, so retries of many events spread out instead of arriving together.
 * After {@code maxAttempts} attempts an event ends FAILED.
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {

    public RetryPolicy {
        Objects.requireNonNull(initialBackoff);
        Objects.requireNonNull(maxBackoff);
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("max attempts must be at least 1");
        }
        if (initialBackoff.isNegative() || initialBackoff.isZero() || maxBackoff.compareTo(initialBackoff) < 0) {
            throw new IllegalArgumentException("backoff must be positive and the maximum at least the initial");
        }
    }

    /** Whether an event that failed its n-th attempt may be tried again. */
    public boolean allowsAnotherAttempt(int attemptsMade) {
        return attemptsMade < maxAttempts;
    }

    /**
     * @param attemptsMade attempts so far, the failed one included (1 after the first failure)
     * @param random       uniform in [0, 1)
     */
    public Instant nextAttempt(int attemptsMade, Instant now, DoubleSupplier random) {
        int doublings = Math.max(0, Math.min(attemptsMade - 1, 40));
        long capMillis = maxBackoff.toMillis();
        long ceilingMillis = Math.min(capMillis, initialBackoff.toMillis() << Math.min(doublings, 30));
        if (doublings > 30) {
            ceilingMillis = capMillis;
        }
        long delay = (long) (ceilingMillis * (0.5 + random.getAsDouble() / 2));
        return now.plusMillis(Math.max(1, delay));
    }
}
