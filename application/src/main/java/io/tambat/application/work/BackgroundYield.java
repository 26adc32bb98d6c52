package io.tambat.application.work;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleConsumer;
import java.util.function.LongSupplier;

/**
 * The share of its time that background work (processing, forwarding, order deliveries, maintenance) may take,
 * adapted to how the requests that acknowledge fare. A receiver's first duty is the acknowledgement, which a
 * provider waits for a few seconds at most; processing may lag and catch up. On a server whose cores the two
 * share, background work that takes what it can makes a burst of deliveries into latency; yielding makes it into
 * a backlog.
 *
 * <p>The share follows the requests' latency the way a congestion window follows a network (additive increase,
 * multiplicative decrease): each {@value #WINDOW_MILLIS} ms window in which more than one request in
 * {@value #SLOW_ONE_IN} took longer than {@link YieldSettings#latency()}, or more than {@link YieldSettings#queue()}
 * were in progress all along, halves it, down to {@link YieldSettings#minShare()}; each quiet window gives back a
 * twentieth, so background work has all the cores again two seconds after the requests calm down. Background work
 * takes its share in smaller batches ({@link #batchSize}) and in rests after each ({@link #restAfter}).
 *
 * <p>The signal is the requests' bulk, not their tail, and a queue that stays, not one that peaks: a garbage
 * collection or a checkpoint slows every request for a moment, and yielding then would only make processing
 * catch up in a burst right after; a server whose cores are taken slows most requests for as long as that lasts.
 *
 * <p>Written here rather than taken from a concurrency-limit library: those limit an operation by its own
 * latency, while this limits one kind of work by another's.
 */
public final class BackgroundYield {

    static final long WINDOW_MILLIS = 100;
    /** A window is pressed when more than one request in this many was slow. */
    static final int SLOW_ONE_IN = 10;
    /** What a quiet window gives back. */
    static final double STEP = 0.05;
    /** The longest rest, so that a loop at the least share still looks at its queue every second. */
    static final Duration LONGEST_REST = Duration.ofSeconds(1);
    private static final long WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(WINDOW_MILLIS);

    private final YieldSettings settings;
    private final long latencyNanos;
    private final DoubleConsumer shareChanged;
    private final LongSupplier nanoTime;
    private final AtomicInteger inProgress = new AtomicInteger();
    /** The fewest requests in progress at any moment of the window, which all along held more. */
    private final AtomicInteger leastInProgress = new AtomicInteger();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong slow = new AtomicLong();
    private volatile double share = 1;
    /** When the window being counted began; guarded by this. */
    private long windowStart;

    /**
     * @param shareChanged told the new share whenever it changes, for a gauge
     * @param nanoTime     a monotonic clock, as {@link System#nanoTime()}
     */
    public BackgroundYield(YieldSettings settings, DoubleConsumer shareChanged, LongSupplier nanoTime) {
        this.settings = settings;
        this.latencyNanos = settings.latency().toNanos();
        this.shareChanged = shareChanged;
        this.nanoTime = nanoTime;
        this.windowStart = nanoTime.getAsLong();
    }

    /** A request that acknowledges starts; close what this returns once it is answered, whatever the answer. */
    public Acknowledging acknowledging() {
        inProgress.incrementAndGet();
        return new Acknowledging(nanoTime.getAsLong());
    }

    /** The share of its time background work may take now, between the least share and 1. */
    public double share() {
        long now = nanoTime.getAsLong();
        synchronized (this) {
            long windows = (now - windowStart) / WINDOW_NANOS;
            if (windows > 0) {
                windowStart += windows * WINDOW_NANOS;
                judge(windows);
            }
        }
        return share;
    }

    /** How many items a batch of background work takes now: its full size scaled by the share, at least a quarter. */
    public int batchSize(int full) {
        return Math.max(Math.max(1, full / 4), (int) Math.round(full * share()));
    }

    /**
     * How long background work rests after a batch that took {@code batchNanos}, so that it works about its share
     * of the time: nothing at a full share, nineteen times the batch's time at a share of one twentieth.
     */
    public Duration restAfter(long batchNanos) {
        double now = share();
        if (now >= 1) {
            return Duration.ZERO;
        }
        long rest = Math.round(batchNanos * (1 - now) / now);
        return rest >= LONGEST_REST.toNanos() ? LONGEST_REST : Duration.ofNanos(rest);
    }

    /** Rests as {@link #restAfter} says, on the background thread that ran the batch; an interrupt ends the rest. */
    public void rest(long batchNanos) {
        Duration rest = restAfter(batchNanos);
        if (rest.isZero()) {
            return;
        }
        try {
            TimeUnit.NANOSECONDS.sleep(rest.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Whether background work yields now, so should lease nothing beyond what its own turns take. */
    public boolean yielding() {
        return share() < 1;
    }

    /**
     * The window or windows since the last judgement, counted as one: any pressure in them halves the share;
     * otherwise each quiet window gives back a step.
     */
    private void judge(long windows) {
        long answeredThen = answered.getAndSet(0);
        long slowThen = slow.getAndSet(0);
        int leastThen = leastInProgress.getAndSet(inProgress.get());
        boolean pressed = slowThen * SLOW_ONE_IN > answeredThen || leastThen > settings.queue();
        double before = share;
        share = pressed ? Math.max(settings.minShare(), before / 2) : Math.min(1, before + STEP * windows);
        if (share != before) {
            shareChanged.accept(share);
        }
    }

    /** One request in progress, from its start until it is answered. */
    public final class Acknowledging implements AutoCloseable {

        private final long started;

        private Acknowledging(long started) {
            this.started = started;
        }

        @Override
        public void close() {
            leastInProgress.accumulateAndGet(inProgress.decrementAndGet(), Math::min);
            if (nanoTime.getAsLong() - started > latencyNanos) {
                slow.incrementAndGet();
            }
            answered.incrementAndGet();
        }
    }
}
