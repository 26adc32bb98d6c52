package io.tambat.application.processing;

import io.tambat.application.plugin.ProviderPlugins;
import io.tambat.domain.port.out.ProviderStateClientFactory;
import io.tambat.domain.port.out.TracingPort;
import io.tambat.domain.port.out.ProviderStatePort;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One state client per provider whose API is configured and whose plug-in can reach it. Unconfigured
 * providers have none: their unversioned events cannot be converged and end FAILED with that reason.
 */
@ApplicationScoped
public class ProviderStates {

    @Inject
    ProviderApiSettings settings;

    @Inject
    TracingPort tracing;

    private Map<String, ProviderStatePort> clients;

    @PostConstruct
    void build() {
        Map<String, ProviderStateClientFactory> factories = ProviderPlugins.load(ProviderStateClientFactory.class,
                ProviderStateClientFactory::provider);
        Map<String, ProviderStatePort> built = new HashMap<>();
        settings.apis().forEach((provider, api) -> {
            ProviderStateClientFactory factory = factories.get(provider);
            if (factory == null) {
                throw new IllegalArgumentException("tambat.providers." + provider
                        + ".api-url: no state client exists for this provider; known: " + factories.keySet());
            }
            built.put(provider, factory.create(api.url(), api.key(), settings.timeout(), tracing::currentContext));
        });
        clients = Map.copyOf(built);
    }

    public Optional<ProviderStatePort> forProvider(String provider) {
        return Optional.ofNullable(clients.get(provider));
    }
}
