package io.tambat.application.work;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class QueueTurnsTest {

    private static final Duration SPACING = Duration.ofMillis(10);

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final HeldTasks scheduler = new HeldTasks();

    @AfterEach
    void stop() {
        scheduler.shutdownNow();
    }

    @Test
    void aTurnAskedForWhileOneRunsIsTakenRightAfterItByTheSameThreadAndTurnsNeverOverlap() throws Exception {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        List<String> threads = new ArrayList<>();
        QueueTurns turns = turns(() -> {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            synchronized (threads) {
                threads.add(Thread.currentThread().getName());
            }
            firstStarted.countDown();
            await(release);
            running.decrementAndGet();
        });

        Thread poller = new Thread(turns::take, "poller");
        poller.start();
        firstStarted.await();
        turns.take();
        turns.take();
        release.countDown();
        poller.join(5_000);

        assertThat(threads).as("the two asked during the first are answered by one more turn")
                .containsExactly("poller", "poller");
        assertThat(mostAtOnce).hasValue(1);
    }

    @Test
    void wakesWithinTheSpacingAreAnsweredByOneTurnOnceTheSpacingSinceTheLastTurnHasPassed() {
        AtomicInteger taken = new AtomicInteger();
        QueueTurns turns = turns(taken::incrementAndGet);
        turns.take();
        nanos.addAndGet(Duration.ofMillis(4).toNanos());

        turns.wake();
        turns.wake();
        turns.wake();

        assertThat(scheduler.delays).as("one turn, 6 ms on: 10 ms after the last").containsExactly(
                Duration.ofMillis(6).toNanos());
        scheduler.runHeld();
        assertThat(taken).hasValue(2);

        nanos.addAndGet(Duration.ofSeconds(1).toNanos());
        turns.wake();
        assertThat(scheduler.delays).as("long after the last turn, at once").endsWith(0L);
        scheduler.runHeld();
        assertThat(taken).hasValue(3);
    }

    @Test
    void aTurnThatThrowsLeavesTheNextOnesToRun() {
        AtomicInteger taken = new AtomicInteger();
        QueueTurns turns = turns(() -> {
            taken.incrementAndGet();
            throw new IllegalStateException("the database is away");
        });

        turns.take();
        turns.take();

        assertThat(taken).hasValue(2);
    }

    private QueueTurns turns(Runnable turn) {
        return new QueueTurns("test", turn, scheduler, SPACING, nanos::get);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Holds what is scheduled, with its delay, until the test runs it. */
    private static final class HeldTasks extends ScheduledThreadPoolExecutor {

        final List<Long> delays = new ArrayList<>();
        private final List<Runnable> held = new ArrayList<>();

        HeldTasks() {
            super(1);
        }

        @Override
        public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
            delays.add(unit.toNanos(delay));
            held.add(command);
            return null;
        }

        void runHeld() {
            List<Runnable> now = List.copyOf(held);
            held.clear();
            now.forEach(Runnable::run);
        }
    }
}
