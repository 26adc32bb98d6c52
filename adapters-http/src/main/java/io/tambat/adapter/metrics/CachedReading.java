package io.tambat.adapter.metrics;

import io.tambat.domain.model.BoundedCounts;
import io.tambat.provider.spi.TambatException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * One database reading shared by every gauge of a scrape, refreshed once it is a few seconds old. Empty
 * while the database cannot answer: gauges then read -1 rather than a stale value, and the first failure after a
 * reading that succeeded is logged, so that an operator alerted to the -1 finds which reading fails.
 */
final class CachedReading<T> {

    /** What the help text of a gauge read through a bounded count ends with. */
    static final String COUNTED_UP_TO = String.format(Locale.ROOT, " (counted up to %,d)", BoundedCounts.UP_TO);

    private static final Logger LOG = Logger.getLogger(CachedReading.class.getName());
    private static final Duration FRESHNESS = Duration.ofSeconds(5);

    private final Clock clock;
    private final Function<Instant, T> read;
    private T value;
    /** When the last attempt was made; EPOCH before the first. */
    private Instant readAt = Instant.EPOCH;

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

    /**
     * The reading, taken again once the last attempt is a few seconds old, whether it succeeded or failed: while
     * the database hangs, one scrape of many gauges waits for one attempt, not one per gauge.
     */
    Optional<T> current() {
        return current(clock.instant());
    }

    private synchronized Optional<T> current(Instant now) {
        if (readAt.equals(Instant.EPOCH) || Duration.between(readAt, now).compareTo(FRESHNESS) > 0) {
            try {
                value = read.apply(now);
            } catch (RuntimeException e) {
                if (value != null || readAt.equals(Instant.EPOCH)) {
                    // Tambat's own exceptions say what failed without a statement's values; others only by class.
                    LOG.log(Level.WARNING, "a reading of gauges failed, they read -1 until it succeeds: {0}",
                            e instanceof TambatException ? e.getMessage() : e.getClass().getName());
                }
                value = null;
            }
            readAt = now;
        }
        return Optional.ofNullable(value);
    }
}
