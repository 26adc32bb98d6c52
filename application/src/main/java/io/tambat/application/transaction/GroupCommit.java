package io.tambat.application.transaction;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Group commit: requests that arrive together are carried out by one transaction, and each caller returns only
 * after that commit, with exactly the result its request would have had alone. Most of what a short write
 * costs is paid once per transaction (its begin and commit, a connection, the commit's round trip to the
 * disk), so sharing it is what lets a request path keep pace with the database.
 *
 * <p>No thread waits for a group to fill. A caller that finds a committer free becomes one: it takes the oldest
 * queued requests (its own among them, sooner or later), runs them as one transaction, wakes their callers,
 * and stops once its own request is answered, waking the oldest request still queued to take over. The other
 * callers sleep until their request is answered or they are woken to commit. If a group's transaction fails,
 * each of its requests runs again in a transaction of its own, so one request the database refuses never
 * refuses the others, and each gets exactly the outcome it would have had alone.
 *
 * @param <T> a request
 * @param <R> its result
 */
public final class GroupCommit<T, R> {

    /** Runs a group of requests in one transaction; one result per request, in their order. */
    @FunctionalInterface
    public interface Together<T, R> {
        List<R> run(List<T> group);
    }

    private final Queue<Pending<T, R>> queue = new ConcurrentLinkedQueue<>();
    private final Semaphore committers;
    private final int maxWeight;
    private final ToIntFunction<T> weight;
    private final Together<T, R> together;
    private final Function<T, R> alone;

    /**
     * @param settings how much one transaction carries (a request heavier than that goes alone), and how many
     *                 groups may commit at once
     * @param weight   what a request weighs, such as the rows it writes
     * @param together the transaction of a group
     * @param alone    the transaction of one request
     */
    public GroupCommit(GroupCommitSettings settings, ToIntFunction<T> weight, Together<T, R> together,
            Function<T, R> alone) {
        this.maxWeight = settings.maxWeight();
        this.committers = new Semaphore(settings.committers());
        this.weight = weight;
        this.together = together;
        this.alone = alone;
    }

    /**
     * Returns after the commit that carried out the request; a failure surfaces as the exception the request's
     * own transaction raised, and nothing of it was committed.
     */
    public R submit(T request) {
        Pending<T, R> mine = new Pending<>(request, Thread.currentThread());
        queue.add(mine);
        while (!mine.outcome.isDone()) {
            // Once a committer took it, this request's answer is on its way: only a queued one needs a committer.
            if (!mine.taken && committers.tryAcquire()) {
                try {
                    commitUntilAnswered(mine);
                } finally {
                    committers.release();
                    wakeOldestQueued();
                }
            } else {
                LockSupport.park(this);
            }
        }
        return mine.result();
    }

    /** How many requests wait for a committer now. */
    public int queued() {
        return queue.size();
    }

    private void commitUntilAnswered(Pending<T, R> mine) {
        List<Pending<T, R>> group;
        while (!mine.outcome.isDone() && !(group = takeGroup()).isEmpty()) {
            commit(group);
        }
    }

    /** A committer is free again: the oldest request still queued may take the turn. */
    private void wakeOldestQueued() {
        Pending<T, R> oldest = queue.peek();
        if (oldest != null) {
            LockSupport.unpark(oldest.caller);
        }
    }

    /** The oldest queued requests, up to the weight limit; at least one when any waits. */
    private List<Pending<T, R>> takeGroup() {
        List<Pending<T, R>> group = new ArrayList<>();
        int taken = 0;
        Pending<T, R> next;
        while ((next = queue.peek()) != null
                && (group.isEmpty() || taken + weight.applyAsInt(next.request) <= maxWeight)) {
            if (queue.remove(next)) {
                next.taken = true;
                group.add(next);
                taken += weight.applyAsInt(next.request);
            }
        }
        return group;
    }

    private void commit(List<Pending<T, R>> group) {
        if (group.size() == 1) {
            commitAlone(group.get(0));
            return;
        }
        List<R> results;
        try {
            results = together.run(group.stream().map(pending -> pending.request).toList());
        } catch (RuntimeException groupFailed) {
            group.forEach(this::commitAlone);
            return;
        }
        for (int i = 0; i < group.size(); i++) {
            group.get(i).answer(results.get(i));
        }
    }

    private void commitAlone(Pending<T, R> pending) {
        try {
            pending.answer(alone.apply(pending.request));
        } catch (RuntimeException failed) {
            pending.fail(failed);
        }
    }

    /** One request, its caller, and its outcome once a committer carried it out. */
    private static final class Pending<T, R> {
        final T request;
        final Thread caller;
        final CompletableFuture<R> outcome = new CompletableFuture<>();
        volatile boolean taken;

        Pending(T request, Thread caller) {
            this.request = request;
            this.caller = caller;
        }

        void answer(R result) {
            outcome.complete(result);
            LockSupport.unpark(caller);
        }

        void fail(RuntimeException failure) {
            outcome.completeExceptionally(failure);
            LockSupport.unpark(caller);
        }

        R result() {
            try {
                return outcome.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException failure) {
                    throw failure;
                }
                throw e;
            }
        }
    }
}
