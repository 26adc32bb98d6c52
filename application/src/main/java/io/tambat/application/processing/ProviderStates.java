package io.tambat.application.processing;

import io.tambat.application.plugin.ProviderPlugins;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.work.TracingPort;
import io.tambat.provider.spi.ProviderStateClientFactory;
import io.tambat.provider.spi.ProviderStatePort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One state client per provider whose API is configured and whose plug-in can reach it, and one more for each
 * of its endpoints with a key of its own: an event is fetched with the key of the endpoint that received it, or
 * else with its provider's, so one deployment can serve several accounts of a provider. Unconfigured providers
 * have none: their unversioned events cannot be converged and end FAILED with that reason.
 */
@ApplicationScoped
public class ProviderStates {

    @Inject
    ProviderApiSettings settings;

    @Inject
    TracingPort tracing;

    /** The plug-ins that build state clients, by provider; a unit test puts its own in their place. */
    Map<String, ProviderStateClientFactory> factories = ProviderPlugins.load(ProviderStateClientFactory.class,
            ProviderStateClientFactory::provider);

    private Map<String, ProviderStatePort> clients;
    private Map<String, Map<EndpointId, ProviderStatePort>> endpointClients;

    @PostConstruct
    void build() {
        Map<String, ProviderStatePort> built = new HashMap<>();
        Map<String, Map<EndpointId, ProviderStatePort>> builtForEndpoints = new HashMap<>();
        settings.apis().forEach((provider, api) -> {
            ProviderStateClientFactory factory = factories.get(provider);
            if (factory == null) {
                throw new IllegalArgumentException("tambat.providers." + provider
                        + ".api-url: no state client exists for this provider; known: " + factories.keySet());
            }
            built.put(provider, factory.create(api.url(), api.key(), settings.timeout(), tracing::currentContext));
            Map<EndpointId, ProviderStatePort> own = new HashMap<>();
            api.endpointKeys().forEach((endpoint, key) -> {
                try {
                    own.put(endpoint, factory.create(api.url(), key, settings.timeout(), tracing::currentContext));
                } catch (IllegalArgumentException e) {
                    // The URL and timeout were just accepted with the provider's key: only this key can be at
                    // fault. Factories never echo a key, so the message is safe to pass on.
                    throw new IllegalArgumentException("tambat.webhooks.endpoint." + endpoint + ".api-key: "
                            + e.getMessage(), e);
                }
            });
            builtForEndpoints.put(provider, Map.copyOf(own));
        });
        clients = Map.copyOf(built);
        endpointClients = Map.copyOf(builtForEndpoints);
    }

    /** The client that fetches the provider's objects with the provider's own key. */
    public Optional<ProviderStatePort> forProvider(String provider) {
        return Optional.ofNullable(clients.get(provider));
    }

    /**
     * The client that fetches for an event the endpoint received: with the endpoint's own key when it has one,
     * with its provider's otherwise. An endpoint's key is never used for another provider's objects.
     */
    public Optional<ProviderStatePort> forEndpoint(String provider, EndpointId endpoint) {
        return Optional.ofNullable(endpointClients.getOrDefault(provider, Map.of()).get(endpoint))
                .or(() -> forProvider(provider));
    }
}
