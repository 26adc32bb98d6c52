package io.tambat.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.processing.Lease;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The lease every work queue promises ({@link Lease}): due items only, oldest first, up to the batch size; a
 * live lease keeps an item from everyone else; a lease that ran out is taken over with one more attempt; a
 * completion names its attempt and a stale one changes nothing; concurrent workers never hold the same item.
 *
 * @param <K> the key of one item of the queue
 */
abstract class WorkLeaseContract<K> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Instant LEASE_END = NOW.plusSeconds(30);

    private Worker<K> worker;

    /** Puts one item on an empty queue, due at {@code dueAt}; returns its key. */
    protected abstract K enqueue(Instant dueAt);

    /** A new worker: a connection of its own, each call one transaction. */
    protected abstract Worker<K> openWorker();

    /** The attempt count the store holds for the item, read past the port. */
    protected abstract int storedAttemptCount(K key);

    @BeforeEach
    void openFirstWorker() {
        worker = openWorker();
    }

    @AfterEach
    void closeWorker() {
        worker.close();
    }

    @Test
    void leasesTheOldestDueItemsUpToTheBatchSize() {
        K oldest = enqueue(NOW.minusSeconds(300));
        K newest = enqueue(NOW.minusSeconds(100));
        K middle = enqueue(NOW.minusSeconds(200));

        List<LeasedItem<K>> leased = worker.leaseDue(2, NOW, LEASE_END);

        assertThat(leased).containsExactlyInAnyOrder(new LeasedItem<>(oldest, new Lease(1, false)),
                new LeasedItem<>(middle, new Lease(1, false)));
        assertThat(storedAttemptCount(oldest)).isEqualTo(1);
        assertThat(storedAttemptCount(newest)).isZero();
    }

    @Test
    void leavesItemsThatAreNotDueYet() {
        K later = enqueue(NOW.plusSeconds(1));

        assertThat(worker.leaseDue(10, NOW, LEASE_END)).isEmpty();
        assertThat(storedAttemptCount(later)).isZero();
    }

    @Test
    void aLiveLeaseKeepsTheItemFromOtherWorkers() {
        enqueue(NOW);
        assertThat(worker.leaseDue(10, NOW, LEASE_END)).hasSize(1);

        try (Worker<K> other = openWorker()) {
            assertThat(other.leaseDue(10, LEASE_END.minusSeconds(1), LEASE_END.plusSeconds(30))).isEmpty();
        }
    }

    @Test
    void takesOverAnItemWhoseLeaseRanOutWithOneMoreAttempt() {
        K key = enqueue(NOW);
        worker.leaseDue(10, NOW, LEASE_END);

        List<LeasedItem<K>> takenOver = worker.leaseDue(10, LEASE_END, LEASE_END.plusSeconds(30));

        assertThat(takenOver).containsExactly(new LeasedItem<>(key, new Lease(2, true)));
        assertThat(storedAttemptCount(key)).isEqualTo(2);
    }

    @Test
    void completionByAStaleAttemptIsRefusedAndTheCurrentOneEndsTheItem() {
        K key = enqueue(NOW);
        worker.leaseDue(10, NOW, LEASE_END);
        worker.leaseDue(10, LEASE_END, LEASE_END.plusSeconds(30));

        assertThat(worker.complete(key, 1, LEASE_END)).isFalse();
        assertThat(worker.complete(key, 2, LEASE_END)).isTrue();

        assertThat(worker.leaseDue(10, NOW.plusSeconds(86_400), NOW.plusSeconds(86_430))).isEmpty();
        assertThat(storedAttemptCount(key)).isEqualTo(2);
    }

    @Test
    void concurrentWorkersNeverLeaseTheSameItem() {
        List<K> keys = IntStream.range(0, 40).mapToObj(i -> enqueue(NOW.minusSeconds(i))).toList();
        List<Worker<K>> workers = IntStream.range(0, 4).mapToObj(i -> openWorker()).toList();
        try {
            List<Callable<List<K>>> drains = workers.stream().<Callable<List<K>>>map(each -> () -> drain(each))
                    .toList();

            List<K> leased = Race.run(drains).stream().flatMap(List::stream).toList();

            assertThat(leased).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(keys);
            assertThat(keys).allSatisfy(key -> assertThat(storedAttemptCount(key)).isEqualTo(1));
        } finally {
            workers.forEach(Worker::close);
        }
    }

    /** Leases small batches until nothing is left, each batch in a transaction of its own. */
    private static <K> List<K> drain(Worker<K> worker) {
        List<K> leased = new ArrayList<>();
        List<LeasedItem<K>> batch;
        do {
            batch = worker.leaseDue(3, NOW, LEASE_END);
            batch.forEach(item -> leased.add(item.key()));
        } while (!batch.isEmpty());
        return leased;
    }

    /** One leased item: its key and the lease the worker holds. */
    protected record LeasedItem<K>(K key, Lease lease) {
    }

    /** One worker of the queue under test. */
    protected interface Worker<K> extends AutoCloseable {

        /** Leases due items, in a transaction of its own. */
        List<LeasedItem<K>> leaseDue(int max, Instant now, Instant leaseUntil);

        /** The queue's fenced completion of an item, in a transaction of its own. */
        boolean complete(K key, int attempt, Instant now);

        @Override
        void close();
    }
}
