package io.tambat.adapter.metrics;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretReadability;
import io.tambat.domain.port.out.webhook.IngressMetricsPort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * The webhook intake's measurements inside the application: the inbox commit latency, the latency of a payload's
 * put in the object store (while new payloads go there), which secret version
 * matched per endpoint, and {@code tambat.webhook.secret.unreadable} per endpoint and version, 1 while a trusted
 * version does not open with this instance's payload keys, else 0. That gauge exists for every version trusted
 * since the start (a retired one stays at 0), so dashboards and alerts see each series before it matters. The
 * HTTP edge counts requests and their acknowledgement itself ({@code WebhookRequestMetrics}).
 */
@ApplicationScoped
public class IngressMetrics implements IngressMetricsPort {

    static final String COMMIT = "tambat.inbox.commit";
    static final String PAYLOAD_PUT = "tambat.payload.object.put";
    static final String SECRET_MATCHES = "tambat.webhook.secret.matches";
    static final String SECRET_UNREADABLE = "tambat.webhook.secret.unreadable";

    @Inject
    MetricRegistry registry;

    private Timer commits;
    private Timer payloadPuts;
    private MetricHandles<SecretName, Counter> matches;
    private final ConcurrentMap<SecretName, AtomicLong> unreadable = new ConcurrentHashMap<>();

    @PostConstruct
    void lookUp() {
        commits = registry.timer(COMMIT);
        payloadPuts = registry.timer(PAYLOAD_PUT);
        matches = new MetricHandles<>(name -> registry.counter(SECRET_MATCHES, name.tags()));
    }

    /** Created at start, so the commit timer is registered before the first delivery for dashboards and alerts. */
    void createAtStart(@Observes @Initialized(ApplicationScoped.class) Object context) {
        // creating the bean registered its metrics
    }

    @Override
    public void secretMatched(EndpointId endpoint, String version) {
        matches.get(new SecretName(endpoint, version)).inc();
    }

    @Override
    public void committed(Duration duration) {
        commits.update(duration);
    }

    @Override
    public void payloadPut(Duration duration) {
        payloadPuts.update(duration);
    }

    @Override
    public void secretsLooked(List<SecretReadability> trusted) {
        Set<SecretName> listed = trusted.stream().map(secret -> new SecretName(secret.endpoint(), secret.version()))
                .collect(Collectors.toSet());
        for (SecretReadability secret : trusted) {
            unreadable.computeIfAbsent(new SecretName(secret.endpoint(), secret.version()), this::unreadableGauge)
                    .set(secret.opens() ? 0 : 1);
        }
        unreadable.forEach((name, value) -> {
            if (!listed.contains(name)) {
                value.set(0);
            }
        });
    }

    private AtomicLong unreadableGauge(SecretName name) {
        AtomicLong value = new AtomicLong();
        registry.gauge(Metadata.builder().withName(SECRET_UNREADABLE).withUnit(MetricUnits.NONE)
                .withDescription("1 while the trusted secret version does not open with this instance's payload keys "
                        + "(its endpoint answers 503 secrets_unavailable to deliveries no other version verifies), "
                        + "else 0").build(), value, AtomicLong::get, name.tags());
        return value;
    }

    private record SecretName(EndpointId endpoint, String version) {

        Tag[] tags() {
            return new Tag[] {new Tag("endpoint", endpoint.value()), new Tag("version", version)};
        }
    }
}
