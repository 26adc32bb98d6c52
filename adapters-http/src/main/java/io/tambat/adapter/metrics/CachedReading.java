package io.tambat.adapter.metrics;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * One database reading shared by every gauge of a scrape, refreshed once it is a few seconds old. Empty
 * while the database cannot answer: gauges then read -1 rather than a stale value.
 */
final class CachedReading<T> {

    private static final Duration FRESHNESS = Duration.ofSeconds(5);

    private final Clock clock;
    private final Function<Instant, T> read;
    private volatile T value;
    private volatile Instant readAt = Instant.EPOCH;

    CachedReading(Clock clock, Function<Instant, T> read) {
        this.clock = clock;
        this.read = read;
    }

    /** Registers a gauge that reads one number of the shared reading. */
    void gauge(MetricRegistry registry, String name, String unit, String description, ToLongFunction<T> number,
            Tag... tags) {
        registry.gauge(Metadata.builder().withName(name).withUnit(unit).withDescription(description).build(),
                this, self -> self.current().map(number::applyAsLong).orElse(-1L), tags);
    }

    private synchronized Optional<T> current() {
        Instant now = clock.instant();
        if (value == null || Duration.between(readAt, now).compareTo(FRESHNESS) > 0) {
            try {
                value = read.apply(now);
                readAt = now;
            } catch (RuntimeException e) {
                value = null;
                return Optional.empty();
            }
        }
        return Optional.of(value);
    }
}
