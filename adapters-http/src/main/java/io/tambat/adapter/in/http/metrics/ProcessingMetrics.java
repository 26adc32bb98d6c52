package io.tambat.adapter.in.http.metrics;

import io.tambat.domain.model.processing.InboxRow;
import io.tambat.domain.port.out.InboxQueryPort;
import io.tambat.domain.port.out.ProcessingMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.ToLongFunction;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Processing measurements. The gauges come from durable state (the inbox and outbox tables), not from queue
 * depth in memory, so alerts on lag hold across restarts and instances; one query result serves a scrape
 * of all of them for a few seconds.
 */
@ApplicationScoped
public class ProcessingMetrics implements ProcessingMetricsPort {

    private static final Duration STATS_FRESHNESS = Duration.ofSeconds(5);

    @Inject
    MetricRegistry registry;

    @Inject
    InboxQueryPort inbox;

    @Inject
    Clock clock;

    private volatile InboxRow.Stats stats;
    private volatile Instant statsAt = Instant.EPOCH;

    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        gauge("tambat.inbox.oldest.pending.age", MetricUnits.SECONDS, "age of the oldest accepted event not yet "
                + "processed", InboxRow.Stats::oldestPendingAgeSeconds);
        gauge("tambat.inbox.failed", MetricUnits.NONE, "events that ended FAILED",
                current -> current.counts().getOrDefault("FAILED", 0L));
        gauge("tambat.outbox.lag", MetricUnits.SECONDS, "age of the oldest unpublished outbox notification",
                InboxRow.Stats::outboxLagSeconds);
        gauge("tambat.outbox.unpublished", MetricUnits.NONE, "outbox notifications not yet published",
                InboxRow.Stats::outboxUnpublished);
        for (String outcome : new String[] {"processed", "retried", "failed"}) {
            registry.counter("tambat.processing.attempts", new Tag("outcome", outcome));
        }
        registry.counter("tambat.processing.mutations");
        registry.counter("tambat.reconciliation.reenqueued");
        registry.counter("tambat.processing.sequence.gaps", new Tag("outcome", "reconciled"));
        registry.counter("tambat.processing.sequence.gaps", new Tag("outcome", "failed"));
    }

    @Override
    public void processed(boolean mutated) {
        registry.counter("tambat.processing.attempts", new Tag("outcome", "processed")).inc();
        if (mutated) {
            registry.counter("tambat.processing.mutations").inc();
        }
    }

    @Override
    public void retried() {
        registry.counter("tambat.processing.attempts", new Tag("outcome", "retried")).inc();
    }

    @Override
    public void failed() {
        registry.counter("tambat.processing.attempts", new Tag("outcome", "failed")).inc();
    }

    @Override
    public void sequenceGapExceeded(boolean reconciled) {
        registry.counter("tambat.processing.sequence.gaps",
                new Tag("outcome", reconciled ? "reconciled" : "failed")).inc();
    }

    @Override
    public void reenqueued(int rows) {
        registry.counter("tambat.reconciliation.reenqueued").inc(rows);
    }

    @Override
    public void purged(String kind, int count) {
        registry.counter("tambat.retention.purged", new Tag("kind", kind)).inc(count);
    }

    private void gauge(String name, String unit, String description, ToLongFunction<InboxRow.Stats> value) {
        registry.gauge(Metadata.builder().withName(name).withUnit(unit).withDescription(description).build(),
                this, self -> self.current().map(value::applyAsLong).orElse(-1L));
    }

    /** Empty while the database cannot answer: the gauges then read -1 rather than a stale value. */
    private java.util.Optional<InboxRow.Stats> current() {
        Instant now = clock.instant();
        if (stats == null || Duration.between(statsAt, now).compareTo(STATS_FRESHNESS) > 0) {
            try {
                stats = inbox.stats(now);
                statsAt = now;
            } catch (RuntimeException e) {
                stats = null;
                return java.util.Optional.empty();
            }
        }
        return java.util.Optional.of(stats);
    }
}
