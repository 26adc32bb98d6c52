package io.tambat.application.testing;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** One call a retention job made to a store: purge what is older than {@code cutoff}, at most {@code batch}. */
public record PurgeRequest(Instant cutoff, int batch) {

    /**
     * Carries the request out on an in-memory store: removes at most {@code batch} entries dated before the
     * cut-off, oldest stored first.
     *
     * @return how many were removed
     */
    public <K, V> int removeFrom(Map<K, V> entries, Function<V, Instant> dated) {
        List<K> old = entries.entrySet().stream()
                .filter(entry -> dated.apply(entry.getValue()).isBefore(cutoff))
                .limit(batch)
                .map(Map.Entry::getKey)
                .toList();
        old.forEach(entries::remove);
        return old.size();
    }
}
