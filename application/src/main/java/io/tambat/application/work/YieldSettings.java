package io.tambat.application.work;

import java.time.Duration;

/**
 * When background work yields to the requests that acknowledge ({@link BackgroundYield}).
 *
 * @param latency    an acknowledgement slower than this is slow; more than one in ten in a window, and
 *                   background work yields
 * @param queue      requests in progress above which, all through a window, background work yields, before
 *                   they are late
 * @param minShare   the least share of its time background work keeps however pressed the requests are, so a
 *                   backlog always moves; 1 turns yielding off
 */
public record YieldSettings(Duration latency, int queue, double minShare) {

    public YieldSettings {
        if (latency.isNegative() || latency.isZero()) {
            throw new IllegalArgumentException("latency must be positive, was " + latency);
        }
        if (queue < 1) {
            throw new IllegalArgumentException("queue must be at least 1, was " + queue);
        }
        if (!(minShare > 0 && minShare <= 1)) {
            throw new IllegalArgumentException("min share must be above 0 and at most 1, was " + minShare);
        }
    }
}
