package io.tambat.application.webhook;

import io.tambat.application.plugin.ProviderPlugins;
import io.tambat.provider.spi.ProviderAdapter;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The provider adapters on the class path.
 */
@ApplicationScoped
public class ProviderAdapters {

    private final Map<String, ProviderAdapter> byName = ProviderPlugins.load(ProviderAdapter.class,
            ProviderAdapter::provider);

    public Optional<ProviderAdapter> find(String provider) {
        return Optional.ofNullable(byName.get(provider));
    }

    public ProviderAdapter require(String provider) {
        return find(provider).orElseThrow(() -> new IllegalStateException("no adapter for provider " + provider));
    }

    public Set<String> names() {
        return new TreeSet<>(byName.keySet());
    }
}
