package io.tambat.application.service;

import io.tambat.domain.port.out.ProviderAdapter;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;

/**
 * The provider adapters on the class path, found through {@link ServiceLoader} so an architect adds a
 * provider by dropping in a jar that registers one.
 */
@ApplicationScoped
public class ProviderAdapters {

    private final Map<String, ProviderAdapter> byName = new TreeMap<>();

    public ProviderAdapters() {
        for (ProviderAdapter adapter : ServiceLoader.load(ProviderAdapter.class, ProviderAdapter.class.getClassLoader())) {
            if (byName.putIfAbsent(adapter.provider(), adapter) != null) {
                throw new IllegalStateException("two adapters claim provider " + adapter.provider());
            }
        }
    }

    public Optional<ProviderAdapter> find(String provider) {
        return Optional.ofNullable(byName.get(provider));
    }

    public ProviderAdapter require(String provider) {
        return find(provider).orElseThrow(() -> new IllegalStateException("no adapter for provider " + provider));
    }

    public Set<String> names() {
        return byName.keySet();
    }
}
