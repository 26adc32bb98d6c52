package io.tambat.application.testing;

import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import io.tambat.provider.spi.SecretVersion;
import java.util.List;
import java.util.Optional;

/** Configured endpoints that never change, as the port promises for the life of the process. */
public final class FixedEndpoints implements WebhookEndpointsPort {

    private final List<WebhookEndpoint> endpoints;

    public FixedEndpoints(WebhookEndpoint... endpoints) {
        this.endpoints = List.of(endpoints);
    }

    @Override
    public Optional<WebhookEndpoint> find(String endpointId) {
        return endpoints.stream().filter(endpoint -> endpoint.id().value().equals(endpointId)).findFirst();
    }

    @Override
    public List<WebhookEndpoint> all() {
        return endpoints;
    }

    /** Secrets are seeded into the secret store by each test itself. */
    @Override
    public List<SecretVersion> configuredSecrets(WebhookEndpoint endpoint) {
        return List.of();
    }
}
