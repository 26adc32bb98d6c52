package io.tambat.adapter.out.metrics;

import io.tambat.adapter.metrics.MetricHandles;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.port.out.ForwardingMetricsPort;
import io.tambat.domain.port.out.ForwardingPort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * Per destination: {@code tambat.forwarding.attempts} by outcome (each registered at zero),
 * {@code tambat.forwarding.latency} from the cause's commit to delivery, and the gauges of its backlog as
 * stored ({@code tambat.forwarding.pending}, {@code .failed}, {@code .oldest.pending.age}), which every instance
 * reads alike from one bounded reading a few seconds old at most.
 */
@ApplicationScoped
public class ForwardingMetrics implements ForwardingMetricsPort {

    private static final List<String> OUTCOMES = List.of("delivered", "retried", "failed");

    @Inject
    MetricRegistry registry;

    @Inject
    Destinations destinations;

    @Inject
    ForwardingPort deliveries;

    @Inject
    Clock clock;

    private MetricHandles<List<String>, Counter> attempts;
    private MetricHandles<String, Timer> latency;

    @PostConstruct
    void lookUp() {
        attempts = new MetricHandles<>(key -> registry.counter("tambat.forwarding.attempts",
                new Tag("destination", key.get(0)), new Tag("outcome", key.get(1))));
        latency = new MetricHandles<>(id -> registry.timer("tambat.forwarding.latency", new Tag("destination", id)));
        destinations.all().forEach(destination -> {
            OUTCOMES.forEach(outcome -> count(destination.id(), outcome));
            latency.get(destination.id());
        });
    }

    /** At start: each destination's backlog gauges. */
    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        String counted = " (counted up to " + DestinationBacklog.COUNTED_UP_TO + ")";
        for (Destination destination : destinations.all()) {
            Tag tag = new Tag("destination", destination.id());
            CachedReading<DestinationBacklog> backlog = new CachedReading<>(clock,
                    now -> deliveries.backlog(destination.id(), destination.ordering(), now));
            backlog.gauge(registry, "tambat.forwarding.pending", MetricUnits.NONE,
                    "deliveries not yet delivered" + counted, DestinationBacklog::pending, tag);
            backlog.gauge(registry, "tambat.forwarding.failed", MetricUnits.NONE,
                    "deliveries that ended FAILED" + counted, DestinationBacklog::failed, tag);
            backlog.gauge(registry, "tambat.forwarding.oldest.pending.age", MetricUnits.SECONDS,
                    "age of the oldest delivery not yet delivered", DestinationBacklog::oldestPendingAgeSeconds, tag);
        }
    }

    @Override
    public void delivered(String destinationId, Duration sinceCause) {
        count(destinationId, "delivered").inc();
        latency.get(destinationId).update(sinceCause);
    }

    @Override
    public void retried(String destinationId) {
        count(destinationId, "retried").inc();
    }

    @Override
    public void failed(String destinationId) {
        count(destinationId, "failed").inc();
    }

    private Counter count(String destinationId, String outcome) {
        return attempts.get(List.of(destinationId, outcome));
    }
}
