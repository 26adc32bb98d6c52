package io.tambat.adapter.out.metrics;

import io.tambat.adapter.metrics.MetricHandles;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.port.out.ForwardingMetricsPort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/** {@code tambat.forwarding.attempts} by destination and outcome, each registered at zero for every destination. */
@ApplicationScoped
public class ForwardingMetrics implements ForwardingMetricsPort {

    private static final List<String> OUTCOMES = List.of("delivered", "retried", "failed");

    @Inject
    MetricRegistry registry;

    @Inject
    Destinations destinations;

    private MetricHandles<List<String>, Counter> attempts;

    @PostConstruct
    void lookUp() {
        attempts = new MetricHandles<>(key -> registry.counter("tambat.forwarding.attempts",
                new Tag("destination", key.get(0)), new Tag("outcome", key.get(1))));
        destinations.all().forEach(destination -> OUTCOMES.forEach(outcome -> count(destination.id(), outcome)));
    }

    @Override
    public void delivered(String destinationId) {
        count(destinationId, "delivered").inc();
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
