package io.tambat.adapter.metrics;

import io.tambat.domain.model.inbox.InboxEvent;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.processing.FailedPayloadRetention;
import io.tambat.domain.port.out.inbox.InboxQueryPort;
import io.tambat.domain.port.out.processing.ProcessingMetricsPort;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import io.tambat.domain.port.out.work.WorkMetricsPort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Processing measurements. The gauges come from durable state (the inbox and forward deliveries), not from queue
 * depth in memory, so alerts on lag hold across restarts and instances; one reading serves a scrape of all
 * of them.
 */
@ApplicationScoped
public class ProcessingMetrics implements ProcessingMetricsPort, WorkMetricsPort {

    private static final String INBOX_EVENTS = "inbox rows by status; received, processing and failed"
            + CachedReading.COUNTED_UP_TO + ", processed counted while the inbox holds fewer rows than that and"
            + " PostgreSQL's estimate (less the others) above it";

    @Inject
    MetricRegistry registry;

    @Inject
    InboxQueryPort inbox;

    @Inject
    FailedPayloadRetention failedPayloads;

    @Inject
    TimePartitionsPort partitions;

    @Inject
    Clock clock;

    private Counter processed;
    private Counter retried;
    private Counter failed;
    private Counter mutations;
    private MetricHandles<String, Counter> lost;
    private MetricHandles<String, Counter> purged;
    private final AtomicReference<Double> backgroundShare = new AtomicReference<>(1.0);

    /** Counters are looked up once, and registered at zero before the first event (see {@link #register}). */
    @PostConstruct
    void lookUp() {
        processed = attempts("processed");
        retried = attempts("retried");
        failed = attempts("failed");
        mutations = registry.counter("tambat.processing.mutations");
        lost = new MetricHandles<>(queue -> registry.counter("tambat.processing.worker.lost", new Tag("queue", queue)));
        for (String queue : new String[] {"inbox", "order_outbox", "operations"}) {
            lost.get(queue);
        }
        registry.counter("tambat.processing.sequence.gaps", new Tag("outcome", "reconciled"));
        registry.counter("tambat.processing.sequence.gaps", new Tag("outcome", "failed"));
        purged = new MetricHandles<>(kind -> registry.counter("tambat.retention.purged", new Tag("kind", kind)));
    }

    /** At start: the gauges, and (by creating the bean) every counter at zero, for dashboards and alerts. */
    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        CachedReading<InboxEvent.Stats> stats = new CachedReading<>(clock,
                now -> inbox.stats(now, failedPayloads.losingSoonBefore(now)));
        stats.gauge(registry, "tambat.inbox.oldest.pending.age", MetricUnits.SECONDS,
                "age of the oldest accepted event not yet processed", InboxEvent.Stats::oldestPendingAgeSeconds);
        stats.gauge(registry, "tambat.inbox.failed", MetricUnits.NONE,
                "events that ended FAILED" + CachedReading.COUNTED_UP_TO,
                current -> current.counts().getOrDefault(InboxStatus.FAILED.name(), 0L));
        for (InboxStatus status : InboxStatus.values()) {
            stats.gauge(registry, "tambat.inbox.events", MetricUnits.NONE, INBOX_EVENTS,
                    current -> current.counts().getOrDefault(status.name(), 0L),
                    new Tag("status", status.name().toLowerCase(Locale.ROOT)));
        }
        stats.gauge(registry, "tambat.inbox.failed.payload.expiring", MetricUnits.NONE,
                "FAILED events whose payload retention removes within 7 days, after which they cannot be redriven"
                        + CachedReading.COUNTED_UP_TO,
                InboxEvent.Stats::failedLosingPayloadSoon);
        stats.gauge(registry, "tambat.outbox.lag", MetricUnits.SECONDS,
                "age of the oldest forward delivery pending to any destination", InboxEvent.Stats::outboxLagSeconds);
        stats.gauge(registry, "tambat.outbox.unpublished", MetricUnits.NONE,
                "forward deliveries pending to any destination" + CachedReading.COUNTED_UP_TO,
                InboxEvent.Stats::outboxUnpublished);
        new CachedReading<>(clock, now -> partitions.partitionsEnd()
                .map(end -> Math.max(0, Duration.between(now, end).toSeconds())).orElse(0L))
                .gauge(registry, "tambat.partitions.ahead", MetricUnits.SECONDS, "how long until the last partition "
                        + "by day ends, of the table whose partitions end first: 0 once a row stamped now would find "
                        + "none (the server in auto mode, else the migration job, creates them 14 days ahead)",
                        Long::longValue);
        registry.gauge(Metadata.builder().withName("tambat.background.share").withUnit(MetricUnits.NONE)
                .withDescription("the share of its time background work may take, below 1 while it yields to "
                        + "requests answered slowly").build(), backgroundShare, AtomicReference::get);
    }

    @Override
    public void processed(boolean mutated) {
        processed.inc();
        if (mutated) {
            mutations.inc();
        }
    }

    @Override
    public void retried() {
        retried.inc();
    }

    @Override
    public void failed() {
        failed.inc();
    }

    @Override
    public void sequenceGapExceeded(boolean reconciled) {
        registry.counter("tambat.processing.sequence.gaps",
                new Tag("outcome", reconciled ? "reconciled" : "failed")).inc();
    }

    @Override
    public void lost(String queue) {
        lost.get(queue).inc();
    }

    @Override
    public void backgroundShare(double share) {
        backgroundShare.set(share);
    }

    @Override
    public void purged(String kind, int count) {
        purged.get(kind).inc(count);
    }

    private Counter attempts(String outcome) {
        return registry.counter("tambat.processing.attempts", new Tag("outcome", outcome));
    }
}
