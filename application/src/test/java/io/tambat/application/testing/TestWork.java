package io.tambat.application.testing;

import io.tambat.application.work.BackgroundYield;
import io.tambat.application.work.WorkSettings;
import io.tambat.application.work.YieldSettings;
import io.tambat.domain.model.processing.RetryPolicy;
import java.time.Duration;

/**
 * The work settings the worker tests share: three attempts, backoff from 2 s doubling to at most a minute, a
 * batch of ten, a 30 s lease. With {@link #JITTER} the backoff of the n-th failed attempt is exactly three
 * quarters of its ceiling: 1.5 s after the first, 3 s after the second.
 */
public final class TestWork {

    public static final int MAX_ATTEMPTS = 3;
    public static final RetryPolicy RETRY = new RetryPolicy(MAX_ATTEMPTS, Duration.ofSeconds(2), Duration.ofMinutes(1));
    public static final int BATCH_SIZE = 10;
    public static final Duration LEASE = Duration.ofSeconds(30);
    /** The fixed jitter given to the workers under test: halfway between the backoff's bounds. */
    public static final double JITTER = 0.5;

    private TestWork() {
    }

    /** Background work that never yields, for the tests of what it does rather than of when. */
    public static BackgroundYield neverYielding() {
        return new BackgroundYield(new YieldSettings(Duration.ofMinutes(1), Integer.MAX_VALUE, 1), share -> {
        }, System::nanoTime);
    }

    /**
     * Background work at half its share: one request took 200 ms, four times the latency it may take, and the
     * clock stands still after it, so the share stays at one half.
     */
    public static BackgroundYield yieldingHalf() {
        long[] now = {0};
        BackgroundYield yielding = new BackgroundYield(new YieldSettings(Duration.ofMillis(50), 32, 0.05),
                share -> {
                }, () -> now[0]);
        try (BackgroundYield.Acknowledging slow = yielding.acknowledging()) {
            now[0] += Duration.ofMillis(200).toNanos();
        }
        return yielding;
    }

    public static WorkSettings settings() {
        return new WorkSettings(true, RETRY, 1, BATCH_SIZE, LEASE, Duration.ofMillis(200), Duration.ofMinutes(1));
    }
}
