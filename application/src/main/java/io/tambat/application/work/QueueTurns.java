package io.tambat.application.work;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The turns of a queue that one loop drains on each instance: taken at the poll interval, and sooner when
 * {@linkplain #wake() woken} because work arrived. Turns never overlap: a turn asked for while one runs is taken
 * by that thread right after it, so work that arrived during a turn is never left to the next poll. Wakes come
 * from commits, hundreds a second under load, and each costs a turn; so a woken turn starts no sooner than
 * {@code spacing} after the one before, and every wake within that spacing is answered by that one turn.
 */
final class QueueTurns {

    private static final Logger LOG = Logger.getLogger(QueueTurns.class.getName());

    private final String name;
    private final Runnable turn;
    private final ScheduledExecutorService scheduler;
    private final long spacingNanos;
    private final LongSupplier nanoTime;
    /** Turns asked for and not yet taken; whoever raises it from zero takes them all. */
    private final AtomicInteger asked = new AtomicInteger();
    private final AtomicBoolean wakeScheduled = new AtomicBoolean();
    private final AtomicLong lastStart;

    QueueTurns(String name, Runnable turn, ScheduledExecutorService scheduler, Duration spacing,
            LongSupplier nanoTime) {
        this.name = name;
        this.turn = turn;
        this.scheduler = scheduler;
        this.spacingNanos = spacing.toNanos();
        this.nanoTime = nanoTime;
        this.lastStart = new AtomicLong(nanoTime.getAsLong() - spacingNanos);
    }

    /** A turn now, or right after the one running. */
    void take() {
        if (asked.getAndIncrement() > 0) {
            return;
        }
        int taking = 1;
        do {
            lastStart.set(nanoTime.getAsLong());
            try {
                turn.run();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "{0} turn failed: {1}", new Object[] {name, e.getClass().getName()});
            }
            taking = asked.addAndGet(-taking);
        } while (taking > 0);
    }

    /** Work arrived: a turn once the spacing since the last one has passed, unless one is scheduled already. */
    void wake() {
        if (!wakeScheduled.compareAndSet(false, true)) {
            return;
        }
        long wait = Math.max(0, lastStart.get() + spacingNanos - nanoTime.getAsLong());
        scheduler.schedule(() -> {
            wakeScheduled.set(false);
            take();
        }, wait, TimeUnit.NANOSECONDS);
    }
}
