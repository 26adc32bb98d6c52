package io.tambat.application.plugin;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Loads one kind of provider plug-in through {@link ServiceLoader}, keyed by provider name, so an architect
 * adds a provider by dropping in a jar that registers its implementations.
 */
public final class ProviderPlugins {

    private ProviderPlugins() {
    }

    public static <T> Map<String, T> load(Class<T> kind, Function<T, String> provider) {
        Map<String, T> byName = new TreeMap<>();
        for (T plugin : ServiceLoader.load(kind, kind.getClassLoader())) {
            if (byName.putIfAbsent(provider.apply(plugin), plugin) != null) {
                throw new IllegalStateException("two " + kind.getSimpleName() + "s claim provider "
                        + provider.apply(plugin));
            }
        }
        return Map.copyOf(byName);
    }
}
