package io.tambat.domain.model.forwarding;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * When a destination's later attempts run: the first is immediate, the n-th retry waits the n-th duration,
 * up to a fifth longer (jitter, so retries of many messages spread out, never sooner than scheduled). After
 * the last duration's attempt, a delivery is FAILED.
 */
public record RetrySchedule(List<Duration> waits) {

    public static final RetrySchedule DEFAULT = new RetrySchedule(List.of(Duration.ofSeconds(5),
            Duration.ofMinutes(5), Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(5),
            Duration.ofHours(10), Duration.ofHours(10)));

    private static final double JITTER = 0.2;

    public RetrySchedule {
        waits = List.copyOf(waits);
        if (waits.stream().anyMatch(wait -> wait.isNegative() || wait.isZero())) {
            throw new IllegalArgumentException("every wait must be positive");
        }
    }

    /** The first attempt and one per wait. */
    public int attempts() {
        return waits.size() + 1;
    }

    /**
     * When the attempt after {@code attemptsMade} failed ones runs, no sooner than the destination asked
     * ({@code retryAfter}), but never later than the schedule's longest wait from now: a destination cannot park
     * a message (and the key and retention it holds) for longer than its schedule would. Empty when that was the
     * last.
     *
     * @param random uniform in [0, 1)
     */
    public Optional<Instant> nextAttempt(int attemptsMade, Instant now, Optional<Duration> retryAfter,
            DoubleSupplier random) {
        if (attemptsMade >= attempts()) {
            return Optional.empty();
        }
        Duration wait = waits.get(attemptsMade - 1);
        Instant scheduled = now.plusMillis((long) (wait.toMillis() * (1 + JITTER * random.getAsDouble())));
        Instant asked = retryAfter.map(this::capped).map(now::plus).orElse(scheduled);
        return Optional.of(asked.isAfter(scheduled) ? asked : scheduled);
    }

    /** The longest wait of the schedule. */
    public Duration longestWait() {
        return waits.stream().max(Duration::compareTo).orElse(Duration.ZERO);
    }

    /**
     * How long a failing destination waits before its next probe, after {@code probesFailed} failed ones (0 when it
     * just became failing): the first wait of the schedule, doubled with each failed probe, up to its longest.
     */
    public Duration probeInterval(int probesFailed) {
        Duration longest = longestWait();
        Duration interval = waits.isEmpty() ? longest : waits.get(0);
        for (int i = 0; i < probesFailed && interval.compareTo(longest) < 0; i++) {
            interval = interval.multipliedBy(2);
        }
        return interval.compareTo(longest) > 0 ? longest : interval;
    }

    private Duration capped(Duration retryAfter) {
        Duration longest = longestWait();
        return retryAfter.compareTo(longest) > 0 ? longest : retryAfter;
    }
}
