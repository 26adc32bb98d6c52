package io.tambat.domain.model.webhook;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A token bucket whose burst equals its rate per second. Thread-safe; time is passed in so the bucket is
 * deterministic under test.
 */
public final class TokenBucket {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final int ratePerSecond;
    private double tokens;
    private Instant refilledAt;

    public TokenBucket(int ratePerSecond, Instant now) {
        if (ratePerSecond < 1) {
            throw new IllegalArgumentException("rate must be at least 1/s");
        }
        this.ratePerSecond = ratePerSecond;
        this.tokens = ratePerSecond;
        this.refilledAt = now;
    }

    /**
     * Takes one token if available.
     *
     * @return empty when the call may proceed; otherwise how long until a token is available
     */
    public synchronized Optional<Duration> tryAcquire(Instant now) {
        if (now.isAfter(refilledAt)) {
            long elapsedNanos = Duration.between(refilledAt, now).toNanos();
            tokens = Math.min(ratePerSecond, tokens + (double) elapsedNanos * ratePerSecond / NANOS_PER_SECOND);
            refilledAt = now;
        }
        if (tokens >= 1) {
            tokens -= 1;
            return Optional.empty();
        }
        long waitNanos = (long) Math.ceil((1 - tokens) * NANOS_PER_SECOND / ratePerSecond);
        return Optional.of(Duration.ofNanos(waitNanos));
    }
}
