package io.tambat.application.webhook;

import io.tambat.domain.model.webhook.NewInboxEntry;
import io.tambat.domain.port.out.InboxPort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;

/**
 * Group commit of the inbox: deliveries that arrive together are stored by one transaction, and each is
 * answered only after that commit, exactly as if it had its own. Most of what a delivery costs is paid once
 * per transaction (its begin and commit, a connection, the commit's round trip to the disk), so sharing it is
 * what lets ingest keep pace with the database.
 *
 * <p>No thread waits for a group to fill. A request thread that finds a committer free becomes one: it takes
 * the oldest queued deliveries (its own among them, sooner or later), commits them, wakes their threads, and
 * stops once its own delivery is answered, waking the oldest delivery still queued to take over. The other
 * threads sleep until their delivery is answered or they are woken to commit. If a group's transaction fails,
 * each of its deliveries is tried again in a transaction of its own, so one delivery the database refuses never
 * refuses the others, and each gets exactly the outcome it would have had alone.
 */
@ApplicationScoped
public class InboxGroupCommit {

    @Inject
    InboxAcceptance acceptance;

    @Inject
    GroupCommitSettings settings;

    @Inject
    Clock clock;

    private final Queue<Delivery> queue = new ConcurrentLinkedQueue<>();
    private Semaphore committers;

    @PostConstruct
    void start() {
        committers = new Semaphore(settings.committers());
    }

    /**
     * Returns after the commit that stored the entries; a failure surfaces as the exception their own
     * transaction would have raised, and nothing is acknowledged.
     */
    public List<InboxPort.Insertion> accept(List<NewInboxEntry> entries) {
        Delivery mine = new Delivery(entries, Thread.currentThread());
        queue.add(mine);
        while (!mine.outcome.isDone()) {
            // Once a committer took it, this delivery's answer is on its way: only a queued one needs a committer.
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

    /** How many deliveries wait for a committer now. */
    int queued() {
        return queue.size();
    }

    private void commitUntilAnswered(Delivery mine) {
        List<Delivery> group;
        while (!mine.outcome.isDone() && !(group = takeGroup()).isEmpty()) {
            commit(group);
        }
    }

    /** A committer is free again: the oldest delivery still queued may take the turn. */
    private void wakeOldestQueued() {
        Delivery oldest = queue.peek();
        if (oldest != null) {
            LockSupport.unpark(oldest.thread);
        }
    }

    /** The oldest queued deliveries, up to the entry limit; at least one when any waits. */
    private List<Delivery> takeGroup() {
        List<Delivery> group = new ArrayList<>();
        int entries = 0;
        Delivery next;
        while ((next = queue.peek()) != null
                && (group.isEmpty() || entries + next.entries.size() <= settings.maxEntries())) {
            if (queue.remove(next)) {
                next.taken = true;
                group.add(next);
                entries += next.entries.size();
            }
        }
        return group;
    }

    private void commit(List<Delivery> group) {
        if (group.size() == 1) {
            commitAlone(group.get(0));
            return;
        }
        List<NewInboxEntry> entries = group.stream().flatMap(delivery -> delivery.entries.stream()).toList();
        List<InboxPort.Insertion> insertions;
        try {
            insertions = acceptance.accept(entries, Optional.empty(), clock.instant());
        } catch (RuntimeException groupFailed) {
            group.forEach(this::commitAlone);
            return;
        }
        int from = 0;
        for (Delivery delivery : group) {
            int to = from + delivery.entries.size();
            delivery.answer(insertions.subList(from, to));
            from = to;
        }
    }

    private void commitAlone(Delivery delivery) {
        try {
            delivery.answer(acceptance.accept(delivery.entries, Optional.empty(), clock.instant()));
        } catch (RuntimeException failed) {
            delivery.fail(failed);
        }
    }

    /** One delivery's entries, the thread waiting for them, and their outcome once a committer stored them. */
    private static final class Delivery {
        final List<NewInboxEntry> entries;
        final Thread thread;
        final CompletableFuture<List<InboxPort.Insertion>> outcome = new CompletableFuture<>();
        volatile boolean taken;

        Delivery(List<NewInboxEntry> entries, Thread thread) {
            this.entries = List.copyOf(entries);
            this.thread = thread;
        }

        void answer(List<InboxPort.Insertion> insertions) {
            outcome.complete(List.copyOf(insertions));
            LockSupport.unpark(thread);
        }

        void fail(RuntimeException failure) {
            outcome.completeExceptionally(failure);
            LockSupport.unpark(thread);
        }

        List<InboxPort.Insertion> result() {
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
