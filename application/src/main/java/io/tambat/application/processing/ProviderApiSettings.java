package io.tambat.application.processing;

import io.tambat.domain.model.webhook.EndpointId;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where each provider's API is and the credentials for it ({@code tambat.providers.<provider>.*}, and an
 * endpoint's own {@code tambat.webhooks.endpoint.<id>.api-key}), and the bound on every call to it.
 */
public record ProviderApiSettings(Map<String, Api> apis, Duration timeout) {

    public ProviderApiSettings {
        apis = Map.copyOf(apis);
    }

    /**
     * One provider's API; {@link #toString()} never shows a key.
     *
     * @param key          the provider's credential, for events of every endpoint without one of its own
     * @param endpointKeys the credential of each endpoint that has its own, for the events it received: one
     *                     deployment can receive for several accounts of a provider, each readable only with its
     *                     own key
     */
    public record Api(URI url, String key, Map<EndpointId, String> endpointKeys) {

        public Api {
            endpointKeys = Map.copyOf(endpointKeys);
        }

        @Override
        public String toString() {
            return "Api[url=" + url + ", key=<redacted>, endpoints with their own key="
                    + new TreeSet<>(endpointKeys.keySet().stream().map(EndpointId::value).toList()) + "]";
        }
    }
}
