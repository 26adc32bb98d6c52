package io.tambat.application.work;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.testing.TestWork;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.processing.RetryPolicy;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkerLoopTest {

    private static final int MAX_ATTEMPTS = 3;
    private static final int BATCH_SIZE = 4;

    private final WorkerLoop loop = loop(new BackgroundYield(new YieldSettings(Duration.ofMillis(50), 32, 0.05),
            share -> {
            }, System::nanoTime));

    @Test
    void leasesAgainAfterAFullBatchUntilNothingIsDue() {
        FakeWork work = new FakeWork(items("a", BATCH_SIZE), items("b", BATCH_SIZE), List.of());

        assertThat(loop.drain(work)).isEqualTo(2 * BATCH_SIZE);

        assertThat(work.attempted).hasSize(2 * BATCH_SIZE).startsWith("a0").endsWith("b" + (BATCH_SIZE - 1));
        assertThat(work.leases).isEqualTo(3);
        assertThat(work.endedLost).isEmpty();
    }

    @Test
    void endsTheTurnAfterABatchShortOfFullWithoutLeasingAgain() {
        FakeWork work = new FakeWork(List.of(item("a", 1, false), item("b", 2, true)), List.of(item("c", 1, false)));

        assertThat(loop.drain(work)).isEqualTo(2);
        assertThat(work.attempted).containsExactly("a", "b");
        assertThat(work.leases).isEqualTo(1);

        assertThat(loop.drain(work)).as("the next turn").isEqualTo(1);
        assertThat(work.attempted).containsExactly("a", "b", "c");
    }

    @Test
    void endsAnItemWhoseLastAllowedAttemptWasLostWithoutAttemptingIt() {
        FakeWork work = new FakeWork(List.of(item("poison", MAX_ATTEMPTS + 1, true), item("next", 1, false)));

        loop.drain(work);

        assertThat(work.endedLost).containsExactly("poison");
        assertThat(work.attempted).containsExactly("next");
    }

    @Test
    void givesALostAttemptAnotherTryWhileAttemptsRemain() {
        FakeWork work = new FakeWork(List.of(item("retaken", MAX_ATTEMPTS, true)));

        loop.drain(work);

        assertThat(work.attempted).containsExactly("retaken");
    }

    /** A full batch of fresh items, named {@code prefix0}, {@code prefix1}, ... */
    private static List<Item> items(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> item(prefix + i, 1, false)).toList();
    }

    private static Item item(String name, int attempt, boolean takenOver) {
        return new Item(name, new Lease(attempt, takenOver));
    }

    @Test
    void whileRequestsAreAnsweredSlowlyLeasesSmallerBatches() {
        BackgroundYield pressed = TestWork.yieldingHalf();
        WorkerLoop yielding = loop(pressed);
        FakeWork work = new FakeWork(items("a", BATCH_SIZE / 2), items("b", 1), List.of());

        assertThat(yielding.drain(work)).isEqualTo(BATCH_SIZE / 2 + 1);

        assertThat(pressed.share()).isEqualTo(0.5);
        assertThat(work.sizes).as("half of a batch of %d; a half batch is full at that share", BATCH_SIZE)
                .containsExactly(BATCH_SIZE / 2, BATCH_SIZE / 2);
    }

    private static WorkerLoop loop(BackgroundYield backgroundYield) {
        WorkerLoop loop = new WorkerLoop();
        loop.backgroundYield = backgroundYield;
        loop.settings = new WorkSettings(true,
                new RetryPolicy(MAX_ATTEMPTS, Duration.ofSeconds(1), Duration.ofSeconds(10)), 1, BATCH_SIZE,
                Duration.ofSeconds(30), Duration.ofMillis(200), Duration.ofMinutes(1));
        loop.failpoints = Failpoints.inert();
        return loop;
    }

    private record Item(String name, Lease lease) {
    }

    /** Hands out the given batches in order, then nothing; records what the loop did with each item. */
    private static final class FakeWork implements LeasedWork<Item> {
        private final Deque<List<Item>> batches;
        private final List<String> attempted = new ArrayList<>();
        private final List<String> endedLost = new ArrayList<>();
        private final List<Integer> sizes = new ArrayList<>();
        private int leases;

        @SafeVarargs
        FakeWork(List<Item>... batches) {
            this.batches = new ArrayDeque<>(List.of(batches));
        }

        @Override
        public String name() {
            return "fake";
        }

        @Override
        public List<Item> leaseBatch(int size) {
            leases++;
            sizes.add(size);
            return batches.isEmpty() ? List.of() : batches.poll();
        }

        @Override
        public Lease lease(Item item) {
            return item.lease();
        }

        @Override
        public void attempt(Item item) {
            attempted.add(item.name());
        }

        @Override
        public void endLost(Item item) {
            endedLost.add(item.name());
        }

        @Override
        public String afterLeaseFailpoint() {
            return "test.after-lease";
        }
    }
}
