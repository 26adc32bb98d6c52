package io.tambat.adapter.in.http.webhook;

import io.tambat.domain.error.Rejection;
import io.tambat.domain.model.webhook.ReceiptStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Locale;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

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

    /** Registers every outcome at zero, so dashboards and alerts see the series before the first event. */
    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        for (ReceiptStatus status : ReceiptStatus.values()) {
            registry.counter(REQUESTS, outcome(status.name()));
        }
        for (Rejection rejection : Rejection.values()) {
            if (rejection != Rejection.METHOD_NOT_ALLOWED) {
                registry.counter(REQUESTS, outcome(rejection.code()));
            }
        }
    }

    void accepted(ReceiptStatus status) {
        registry.counter(REQUESTS, outcome(status.name())).inc();
    }

    void rejected(Rejection rejection) {
        registry.counter(REQUESTS, outcome(rejection.code())).inc();
    }

    /** Latency until the answer, tagged with the provider only when it names a configured endpoint's. */
    void acknowledged(String provider, Duration latency) {
        registry.timer(ACK, new Tag("provider", provider)).update(latency);
    }

    private static Tag outcome(String value) {
        return new Tag("outcome", value.toLowerCase(Locale.ROOT));
    }
}
