package io.tambat.adapter.out.metrics;

import io.tambat.adapter.metrics.MetricHandles;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.IngressMetricsPort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

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

    private Timer commits;
    private MetricHandles<SecretMatch, Counter> matches;

    @PostConstruct
    void lookUp() {
        commits = registry.timer(COMMIT);
        matches = new MetricHandles<>(match -> registry.counter(SECRET_MATCHES,
                new Tag("endpoint", match.endpoint().value()), new Tag("version", match.version())));
    }

    /** Created at start, so the commit timer is registered before the first delivery for dashboards and alerts. */
    void createAtStart(@Observes @Initialized(ApplicationScoped.class) Object context) {
        // creating the bean registered its metrics
    }

    @Override
    public void secretMatched(EndpointId endpoint, String version) {
        matches.get(new SecretMatch(endpoint, version)).inc();
    }

    @Override
    public void committed(Duration duration) {
        commits.update(duration);
    }

    private record SecretMatch(EndpointId endpoint, String version) {
    }
}
