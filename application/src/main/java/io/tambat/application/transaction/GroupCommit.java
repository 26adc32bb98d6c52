package io.tambat.application.transaction;

import io.tambat.domain.error.StoreUnavailableException;
import jakarta.transaction.TransactionalException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * refuses the others, and each gets exactly the outcome it would have had alone; but when the store is
 * unavailable, the whole group and every request still queued are answered so at once, as each would only wait
 * out the same outage. From then on, until a commit succeeds again, one request at a time tries the store and every other is refused
 * as unavailable at once: during an outage each try can wait seconds for the driver's timeouts, and requests
 * that all waited so would hold every request thread of the server.
 *
 * <p>No caller waits without bound, and none is left unanswered. A request still queued when its caller has
 * waited {@link GroupCommitSettings#maxWait()}, or when its caller is interrupted, is withdrawn and refused as
 * unavailable: the caller's client (a provider giving up after a few seconds) is better told at once. A
 * request a committer took is answered whatever that committer's transaction throws, {@link Error}s included,
 * and refused as unavailable once its caller has waited that long for it: it may still commit, which a client
 * that sends it again finds by its id or key. Only a committer's own caller waits for its transaction to end.
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

    /** How long a caller whose request a committer took sleeps between looks at its outcome. */
    private static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final Queue<Pending<T, R>> queue = new ConcurrentLinkedQueue<>();
    private final Semaphore committers;
    private final int maxWeight;
    private final Duration maxWait;
    /** Set by a commit the store was unavailable for, cleared by the next one that succeeds. */
    private volatile boolean unavailable;
    /** Whether a request is trying the store while it is unavailable. */
    private final AtomicBoolean trying = new AtomicBoolean();
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
        this.maxWait = settings.maxWait();
        this.committers = new Semaphore(settings.committers());
        this.weight = weight;
        this.together = together;
        this.alone = alone;
    }

    /**
     * Returns after the commit that carried out the request; a failure surfaces as the exception the request's
     * own transaction raised, and nothing of it was committed.
     *
     * @throws StoreUnavailableException when the store was unavailable at the last commit and another request is
     *                                   trying it; when the request waited in the queue past the longest wait,
     *                                   or its caller was interrupted there: it was withdrawn, and nothing of it
     *                                   is committed. Also when a committer took it and its transaction did not
     *                                   end within the longest wait: that transaction may still commit it
     */
    public R submit(T request) {
        if (!unavailable) {
            return commitOrWithdraw(request);
        }
        if (!trying.compareAndSet(false, true)) {
            throw new StoreUnavailableException("the store was unavailable at the last commit, and another request"
                    + " is trying it", null);
        }
        try {
            return commitOrWithdraw(request);
        } finally {
            trying.set(false);
        }
    }

    private R commitOrWithdraw(T request) {
        Pending<T, R> mine = new Pending<>(request, Thread.currentThread());
        long deadline = System.nanoTime() + maxWait.toNanos();
        queue.add(mine);
        boolean interrupted = false;
        try {
            while (!mine.outcome.isDone()) {
                // Once a committer took it, this request's answer is on its way: only a queued one needs a committer.
                if (!mine.taken && committers.tryAcquire()) {
                    try {
                        commitUntilAnswered(mine);
                    } finally {
                        committers.release();
                        wakeOldestQueued();
                    }
                    continue;
                }
                // Cleared, or every park would return at once and the caller spin.
                interrupted |= Thread.interrupted();
                long left = deadline - System.nanoTime();
                if ((interrupted || left <= 0) && queue.remove(mine)) {
                    // It may have been woken to take a committer's turn: the next one takes it instead.
                    wakeOldestQueued();
                    throw new StoreUnavailableException(interrupted ? "interrupted while waiting for a commit"
                            : "no commit within " + maxWait + ": the store is slow or unavailable", null);
                }
                if (left <= 0 && mine.taken) {
                    // Its committer's transaction hangs (a database that stopped answering holds it for the
                    // driver's timeouts). The request may still commit: refused, it is sent again, and a resent
                    // delivery or order is recognised by its id or its key.
                    throw new StoreUnavailableException("no commit within " + maxWait
                            + ": the store is slow or unavailable, and the request may yet be committed", null);
                }
                LockSupport.parkNanos(this, left > 0 ? left : LOOK_NANOS);
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
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
        } catch (StoreUnavailableException | TransactionalException outage) {
            unavailable(group, outage);
            return;
        } catch (RuntimeException groupFailed) {
            group.forEach(this::commitAlone);
            return;
        } catch (Error fatal) {
            // Answered with it, so that no member waits for an answer that will never come.
            group.forEach(pending -> pending.fail(fatal));
            return;
        }
        unavailable = false;
        for (int i = 0; i < group.size(); i++) {
            group.get(i).answer(results.get(i));
        }
    }

    private void commitAlone(Pending<T, R> pending) {
        try {
            R result = alone.apply(pending.request);
            unavailable = false;
            pending.answer(result);
        } catch (StoreUnavailableException | TransactionalException outage) {
            unavailable(List.of(pending), outage);
        } catch (RuntimeException | Error failed) {
            pending.fail(failed);
        }
    }

    /**
     * The store was unavailable to these requests' transaction: they, and every request still queued, are
     * answered so at once; each queued one would otherwise try the store again, one group after another.
     */
    private void unavailable(List<Pending<T, R>> failed, RuntimeException outage) {
        unavailable = true;
        failed.forEach(pending -> pending.fail(outage));
        for (Pending<T, R> queued = queue.poll(); queued != null; queued = queue.poll()) {
            queued.taken = true;
            queued.fail(outage);
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

        void fail(Throwable failure) {
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
                if (e.getCause() instanceof Error failure) {
                    throw failure;
                }
                throw e;
            }
        }
    }
}
