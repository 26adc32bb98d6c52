package io.tambat.application.webhook;

import io.tambat.domain.model.lifecycle.StorageReady;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.secrets.SecretStorePort;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/**
 * Copies configured secret versions into the store once storage is ready. Versions the store already knows
 * keep their state, so an operator's retirement outlives a restart with the old configuration.
 */
@ApplicationScoped
public class ConfiguredSecretSeeding {

    /** Before anything that needs the seeded secrets. */
    static final int SEEDING = 100;

    @Inject
    WebhookEndpointsPort endpoints;

    @Inject
    SecretStorePort store;

    @Transactional(rollbackOn = Exception.class)
    public void seed(@Observes @Priority(SEEDING) StorageReady ready) {
        for (WebhookEndpoint endpoint : endpoints.all()) {
            store.seed(endpoint.id(), endpoints.configuredSecrets(endpoint), ready.at());
        }
    }
}
