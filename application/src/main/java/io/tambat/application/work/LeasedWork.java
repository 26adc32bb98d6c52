package io.tambat.application.work;

import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.processing.RetryPolicy;
import java.util.List;

/**
 * One work queue as the shared {@link WorkerLoop} drives it: the inbox, the order outbox, long operations.
 * Each leases through the one lease statement shape and fences every write by the attempt it leased.
 *
 * @param <T> a leased work item
 */
public interface LeasedWork<T> {

    /** For the logs. */
    String name();

    /**
     * Whether this queue gets {@link WorkSettings#workers()} loops on each instance rather than one: true for
     * the queues whose items wait on the database alone, so more loops drain them faster.
     */
    default boolean scalesWithWorkers() {
        return false;
    }

    /**
     * Leases up to {@code size} due items in a short transaction of its own, so the lease is visible before any
     * work starts.
     */
    List<T> leaseBatch(int size);

    Lease lease(T item);

    /**
     * Whether the item must end without another attempt ({@link #endLost}): by default when its lost attempt was
     * the last the shared policy allows; a queue with attempts of its own says so by its own count.
     */
    default boolean endsLost(T item, RetryPolicy retry) {
        return lease(item).endsLost(retry);
    }

    /** Runs one attempt at the item; handles its own failures (retry, fail, or leave to the lease). */
    void attempt(T item);

    /**
     * Runs one attempt at each item of a leased batch. A queue may share work among them (one transaction for
     * several items) as long as each item still ends as {@link #attempt} would end it.
     */
    default void attemptAll(List<T> items) {
        items.forEach(this::attempt);
    }

    /**
     * Ends an item without another attempt because its last allowed attempt was lost with its worker; fenced by
     * this lease like any other end.
     */
    void endLost(T item);

    /** The failpoint reached right after a lease, before any item is worked on. */
    String afterLeaseFailpoint();
}
