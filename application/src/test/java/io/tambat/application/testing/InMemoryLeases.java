package io.tambat.application.testing;

import io.tambat.domain.model.processing.Lease;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The lease rules every work queue follows (see {@link Lease} and the one lease statement of the persistence
 * adapters), kept in memory: an unfinished item is due once its next attempt time has come and no live lease
 * holds it, oldest due first; leasing counts one more attempt, which is the fencing token of every later write;
 * an item leased again while a lease still stands (it ran out unfinished) is taken over.
 *
 * @param <K> the queue's key
 */
public final class InMemoryLeases<K> implements RollsBack {

    private final Map<K, Item> items = new LinkedHashMap<>();

    /** A new unfinished item, due at {@code dueAt}. */
    public void add(K key, Instant dueAt) {
        items.put(key, new Item(0, dueAt, Optional.empty(), false));
    }

    /** Leases up to {@code max} due items until {@code leaseUntil}. */
    public List<Leased<K>> leaseDue(int max, Instant now, Instant leaseUntil) {
        List<K> due = items.entrySet().stream()
                .filter(entry -> entry.getValue().dueBy(now))
                .sorted(Comparator.comparing(entry -> entry.getValue().dueAt()))
                .limit(max)
                .map(Map.Entry::getKey)
                .toList();
        return due.stream().map(key -> {
            Item item = items.get(key);
            items.put(key, new Item(item.attempts() + 1, item.dueAt(), Optional.of(leaseUntil), false));
            return new Leased<>(key, new Lease(item.attempts() + 1, item.leaseUntil().isPresent()));
        }).toList();
    }

    /** Whether {@code attempt} still holds the item's lease: the fence every write of a worker passes. */
    public boolean holds(K key, int attempt) {
        Item item = item(key);
        return !item.finished() && item.leaseUntil().isPresent() && item.attempts() == attempt;
    }

    /** Gives a leased item back, due again at {@code nextAttemptAt}. */
    public void retryAt(K key, Instant nextAttemptAt) {
        Item item = item(key);
        items.put(key, new Item(item.attempts(), nextAttemptAt, Optional.empty(), false));
    }

    /** Gives a leased item back, due again at {@code nextAttemptAt}, its lease's attempt no longer counted. */
    public void giveBack(K key, Instant nextAttemptAt) {
        Item item = item(key);
        items.put(key, new Item(item.attempts() - 1, nextAttemptAt, Optional.empty(), false));
    }

    /** Ends the item: it is never due again unless {@link #reopen reopened}. */
    public void finish(K key) {
        Item item = item(key);
        items.put(key, new Item(item.attempts(), item.dueAt(), Optional.empty(), true));
    }

    /** A finished item due again at {@code now}, its attempts kept (an operator's redrive). */
    public void reopen(K key, Instant now) {
        retryAt(key, now);
    }

    public boolean finished(K key) {
        return item(key).finished();
    }

    public int attempts(K key) {
        return item(key).attempts();
    }

    public Instant nextAttemptAt(K key) {
        return item(key).dueAt();
    }

    public Optional<Instant> leaseUntil(K key) {
        return item(key).leaseUntil();
    }

    @Override
    public Runnable snapshot() {
        return RollsBack.snapshotOf(items);
    }

    private Item item(K key) {
        Item item = items.get(key);
        if (item == null) {
            throw new NoSuchElementException("no work item " + key);
        }
        return item;
    }

    /** A leased item and the lease its worker holds. */
    public record Leased<K>(K key, Lease lease) {
    }

    private record Item(int attempts, Instant dueAt, Optional<Instant> leaseUntil, boolean finished) {

        boolean dueBy(Instant now) {
            return !finished && !dueAt.isAfter(now) && leaseUntil.map(until -> !until.isAfter(now)).orElse(true);
        }
    }
}
