package io.tambat.adapter.in.http.metrics;

import io.tambat.domain.error.Rejection;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.ReceiptStatus;
import io.tambat.domain.port.out.IngressMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Locale;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The webhook intake's measurements: a counter per outcome, the acknowledgement latency per provider (a
 * summary with p50/p95/p99), the commit latency and which secret version matched per endpoint.
 */
@ApplicationScoped
public class IngressMetrics implements IngressMetricsPort {

    static final String REQUESTS = "tambat.webhook.requests";
    static final String ACK = "tambat.webhook.ack";
    static final String COMMIT = "tambat.inbox.commit";
    static final String SECRET_MATCHES = "tambat.webhook.secret.matches";

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
        registry.timer(COMMIT);
    }

    public void accepted(ReceiptStatus status) {
        registry.counter(REQUESTS, outcome(status.name())).inc();
    }

    public void rejected(Rejection rejection) {
        registry.counter(REQUESTS, outcome(rejection.code())).inc();
    }

    /** Latency until the answer, tagged with the provider only when it names a configured endpoint's. */
    public void acknowledged(String provider, Duration latency) {
        registry.timer(ACK, new Tag("provider", provider)).update(latency);
    }

    @Override
    public void secretMatched(EndpointId endpoint, String version) {
        registry.counter(SECRET_MATCHES, new Tag("endpoint", endpoint.value()), new Tag("version", version)).inc();
    }

    @Override
    public void committed(Duration duration) {
        registry.timer(COMMIT).update(duration);
    }

    private static Tag outcome(String value) {
        return new Tag("outcome", value.toLowerCase(Locale.ROOT));
    }
}
