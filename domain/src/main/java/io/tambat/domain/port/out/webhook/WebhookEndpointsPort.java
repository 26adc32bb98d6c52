package io.tambat.domain.port.out.webhook;

import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.provider.spi.SecretVersion;
import java.util.List;
import java.util.Optional;

/** The configured webhook endpoints. Read once at start; stable for the life of the process. */
public interface WebhookEndpointsPort {

    Optional<WebhookEndpoint> find(String endpointId);

    List<WebhookEndpoint> all();

    /** The secret versions configuration seeds the endpoint with (the store may have retired some since). */
    List<SecretVersion> configuredSecrets(WebhookEndpoint endpoint);
}
