package io.tambat.adapter.metrics;

import io.tambat.domain.model.webhook.ReceiptStatus;
import io.tambat.provider.spi.Rejection;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * What the webhook intake answered: a counter per outcome, and the acknowledgement latency per provider (a
 * summary with p50/p95/p99). Tags never carry request content.
 */
@ApplicationScoped
public class WebhookRequestMetrics {

    static final String REQUESTS = "tambat.webhook.requests";
    static final String ACK = "tambat.webhook.ack";

    @Inject
    MetricRegistry registry;

    private final Map<ReceiptStatus, Counter> accepted = new EnumMap<>(ReceiptStatus.class);
    private final Map<Rejection, Counter> rejected = new EnumMap<>(Rejection.class);
    private MetricHandles<String, Timer> acknowledgements;

    /** Every outcome is registered at zero, so dashboards and alerts see the series before the first event. */
    @PostConstruct
    void register() {
        for (ReceiptStatus status : ReceiptStatus.values()) {
            accepted.put(status, registry.counter(REQUESTS, outcome(status.name())));
        }
        for (Rejection rejection : Rejection.values()) {
            // METHOD_NOT_ALLOWED is answered by a filter before the intake, which never counts it
            if (rejection != Rejection.METHOD_NOT_ALLOWED) {
                rejected.put(rejection, registry.counter(REQUESTS, outcome(rejection.code())));
            }
        }
        acknowledgements = new MetricHandles<>(provider -> registry.timer(ACK, new Tag("provider", provider)));
    }

    void createAtStart(@Observes @Initialized(ApplicationScoped.class) Object context) {
        // creating the bean registered its counters
    }

    public void accepted(ReceiptStatus status) {
        accepted.get(status).inc();
    }

    public void rejected(Rejection rejection) {
        rejected.get(rejection).inc();
    }

    /** Latency until the answer, tagged with the provider only when it names a configured endpoint's. */
    public void acknowledged(String provider, Duration latency) {
        acknowledgements.get(provider).update(latency);
    }

    private static Tag outcome(String value) {
        return new Tag("outcome", value.toLowerCase(Locale.ROOT));
    }
}
