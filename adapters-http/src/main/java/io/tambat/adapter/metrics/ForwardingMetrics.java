package io.tambat.adapter.metrics;

import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationAnswers;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.DestinationCondition;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.port.out.forwarding.DestinationHealthPort;
import io.tambat.domain.port.out.forwarding.ForwardingMetricsPort;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * Per destination: {@code tambat.forwarding.attempts} by outcome (each registered at zero),
 * {@code tambat.forwarding.latency} from the cause's commit to delivery, the gauges of its backlog as stored
 * ({@code tambat.forwarding.pending}, {@code .failed}, {@code .oldest.pending.age}) and its condition
 * ({@code tambat.forwarding.state}, one gauge per {@code state}, 1 for the one it is in), which every instance
 * reads alike from one bounded reading a few seconds old at most. A destination no longer configured that had
 * deliveries left unsent at start has its backlog gauges and {@code state="removed"} too, so alerts can tell it
 * from one that is sent to.
 */
@ApplicationScoped
public class ForwardingMetrics implements ForwardingMetricsPort {

    private static final Logger LOG = Logger.getLogger(ForwardingMetrics.class.getName());
    private static final List<String> OUTCOMES = List.of("delivered", "retried", "failed");

    @Inject
    MetricRegistry registry;

    @Inject
    Destinations destinations;

    @Inject
    ForwardingPort deliveries;

    @Inject
    DestinationHealthPort health;

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

    /** At start: each destination's backlog and state gauges, configured or left with unsent deliveries. */
    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        for (Destination destination : destinations.all()) {
            CachedReading<Standing> standing = new CachedReading<>(clock, now -> {
                DestinationBacklog backlog = deliveries.backlog(destination.id(), destination.ordering(), now);
                return new Standing(backlog, Optional.of(DestinationCondition.of(backlog.paused(),
                        health.all().getOrDefault(destination.id(), DestinationAnswers.NONE))));
            });
            gauges(destination.id(), standing, List.of(DestinationCondition.ACTIVE, DestinationCondition.PAUSED,
                    DestinationCondition.FAILING));
        }
        for (String removed : removedAtStart()) {
            CachedReading<Standing> standing = new CachedReading<>(clock, now -> {
                DestinationBacklog backlog = deliveries.backlog(removed, Destination.Ordering.NONE, now);
                return new Standing(backlog, Optional.of(DestinationCondition.REMOVED)
                        .filter(removedState -> backlog.pending() + backlog.failed() > 0));
            });
            gauges(removed, standing, List.of(DestinationCondition.REMOVED));
        }
    }

    /** One reading of a destination: its backlog, and the condition it is in (none once nothing is left of it). */
    private record Standing(DestinationBacklog backlog, Optional<DestinationCondition> condition) {
    }

    private void gauges(String destinationId, CachedReading<Standing> standing, List<DestinationCondition> states) {
        Tag tag = new Tag("destination", destinationId);
        standing.gauge(registry, "tambat.forwarding.pending", MetricUnits.NONE,
                "deliveries not yet delivered" + CachedReading.COUNTED_UP_TO, reading -> reading.backlog().pending(),
                tag);
        standing.gauge(registry, "tambat.forwarding.failed", MetricUnits.NONE,
                "deliveries that ended FAILED" + CachedReading.COUNTED_UP_TO, reading -> reading.backlog().failed(),
                tag);
        standing.gauge(registry, "tambat.forwarding.oldest.pending.age", MetricUnits.SECONDS,
                "age of the oldest delivery not yet delivered", reading -> reading.backlog().oldestPendingAgeSeconds(),
                tag);
        for (DestinationCondition state : states) {
            standing.gauge(registry, "tambat.forwarding.state", MetricUnits.NONE,
                    "1 for the state the destination is in (active, paused, failing, removed), else 0",
                    reading -> reading.condition().filter(state::equals).isPresent() ? 1 : 0, tag,
                    new Tag("state", state.wireName()));
        }
    }

    /**
     * The destinations no longer configured with deliveries left unsent: a configuration change takes a restart,
     * so none appears later. None when the database cannot say at start; their deliveries are still listed.
     */
    private List<String> removedAtStart() {
        try {
            return deliveries.withUnfinishedDeliveries().stream()
                    .filter(destinationId -> destinations.find(destinationId).isEmpty()).toList();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "gauges of removed destinations not registered: {0}", e.getClass().getName());
            return List.of();
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
