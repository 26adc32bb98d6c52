package io.tambat.adapter.out.metrics;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.IngressMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The webhook intake's measurements inside the application: the inbox commit latency and which secret
 * version matched per endpoint. The HTTP edge counts requests and their acknowledgement itself
 * ({@code WebhookRequestMetrics}).
 */
@ApplicationScoped
public class IngressMetrics implements IngressMetricsPort {

    static final String COMMIT = "tambat.inbox.commit";
    static final String SECRET_MATCHES = "tambat.webhook.secret.matches";

    @Inject
    MetricRegistry registry;

    /** Registered at start, so dashboards and alerts see the series before the first event. */
    void register(@Observes @Initialized(ApplicationScoped.class) Object context) {
        registry.timer(COMMIT);
    }

    @Override
    public void secretMatched(EndpointId endpoint, String version) {
        registry.counter(SECRET_MATCHES, new Tag("endpoint", endpoint.value()), new Tag("version", version)).inc();
    }

    @Override
    public void committed(Duration duration) {
        registry.timer(COMMIT).update(duration);
    }
}
