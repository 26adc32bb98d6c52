package io.tambat.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.processing.Lease;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The lease every work queue promises ({@link Lease}): due items only, oldest first, up to the batch size; a
 * live lease keeps an item from everyone else; a lease that ran out is taken over with one more attempt; a
 * completion names its attempt and a stale one changes nothing; concurrent workers never hold the same item.
 *
 * @param <P> the port, or the ports, of the queue
 * @param <K> the key of one item of the queue
 */
public abstract class WorkLeaseContract<P, K> extends SessionContract<P> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Instant LEASE_END = NOW.plusSeconds(30);

    /** Puts one item on the queue, due at {@code dueAt}; returns its key. */
    protected abstract K enqueue(Instant dueAt);

    /** The queue's lease of due items, as keys and leases. */
    protected abstract List<LeasedItem<K>> leaseDue(P port, int max, Instant now, Instant leaseUntil);

    /** The queue's fenced completion of an item. */
    protected abstract boolean complete(P port, K key, int attempt, Instant now);

    /** The attempt count the store holds for the item, read past the port. */
    protected abstract int storedAttemptCount(K key);

    @Test
    public void leasesTheOldestDueItemsUpToTheBatchSize() {
        K oldest = enqueue(NOW.minusSeconds(300));
        K newest = enqueue(NOW.minusSeconds(100));
        K middle = enqueue(NOW.minusSeconds(200));

        List<LeasedItem<K>> leased = lease(session, 2, NOW);

        assertThat(leased).containsExactlyInAnyOrder(new LeasedItem<>(oldest, new Lease(1, false)),
                new LeasedItem<>(middle, new Lease(1, false)));
        assertThat(storedAttemptCount(oldest)).isEqualTo(1);
        assertThat(storedAttemptCount(newest)).isZero();
    }

    @Test
    public void leavesItemsThatAreNotDueYet() {
        K later = enqueue(NOW.plusSeconds(1));

        assertThat(lease(session, 10, NOW)).isEmpty();
        assertThat(storedAttemptCount(later)).isZero();
    }

    @Test
    public void aLiveLeaseKeepsTheItemFromOtherWorkers() {
        enqueue(NOW);
        assertThat(lease(session, 10, NOW)).hasSize(1);

        try (StoreSession<P> other = openSession()) {
            assertThat(lease(other, 10, LEASE_END.minusSeconds(1))).isEmpty();
        }
    }

    @Test
    public void takesOverAnItemWhoseLeaseRanOutWithOneMoreAttempt() {
        K key = enqueue(NOW);
        lease(session, 10, NOW);

        List<LeasedItem<K>> takenOver = lease(session, 10, LEASE_END);

        assertThat(takenOver).containsExactly(new LeasedItem<>(key, new Lease(2, true)));
        assertThat(storedAttemptCount(key)).isEqualTo(2);
    }

    @Test
    public void completionByAStaleAttemptIsRefusedAndTheCurrentOneEndsTheItem() {
        K key = enqueue(NOW);
        lease(session, 10, NOW);
        lease(session, 10, LEASE_END);

        assertThat(completes(key, 1)).isFalse();
        assertThat(completes(key, 2)).isTrue();

        assertThat(lease(session, 10, NOW.plusSeconds(86_400))).isEmpty();
        assertThat(storedAttemptCount(key)).isEqualTo(2);
    }

    @Test
    public void concurrentWorkersNeverLeaseTheSameItem() {
        List<K> keys = IntStream.range(0, 40).mapToObj(i -> enqueue(NOW.minusSeconds(i))).toList();
        List<StoreSession<P>> workers = IntStream.range(0, 4).mapToObj(i -> openSession()).toList();
        try {
            List<Callable<List<K>>> drains = workers.stream().<Callable<List<K>>>map(worker -> () -> drain(worker))
                    .toList();

            List<K> leased = Race.run(drains).stream().flatMap(List::stream).toList();

            assertThat(leased).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(keys);
            assertThat(keys).allSatisfy(key -> assertThat(storedAttemptCount(key)).isEqualTo(1));
        } finally {
            workers.forEach(StoreSession::close);
        }
    }

    /** One worker's lease at {@code now}, for the lease time every test uses, in a transaction of its own. */
    private List<LeasedItem<K>> lease(StoreSession<P> worker, int max, Instant now) {
        return worker.call(port -> leaseDue(port, max, now, now.plusSeconds(30)));
    }

    private boolean completes(K key, int attempt) {
        return session.call(port -> complete(port, key, attempt, LEASE_END));
    }

    /** Leases small batches until nothing is left, each batch in a transaction of its own. */
    private List<K> drain(StoreSession<P> worker) {
        List<K> leased = new ArrayList<>();
        List<LeasedItem<K>> batch;
        do {
            batch = lease(worker, 3, NOW);
            batch.forEach(item -> leased.add(item.key()));
        } while (!batch.isEmpty());
        return leased;
    }

    /** One leased item: its key and the lease the worker holds. */
    public record LeasedItem<K>(K key, Lease lease) {
    }
}
