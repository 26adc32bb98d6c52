package io.tambat.application.processing;

import io.tambat.application.plugin.ProviderPlugins;
import io.tambat.provider.spi.EventInterpreter;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;

/** The event interpreters on the class path, one per provider. */
@ApplicationScoped
public class EventInterpreters {

    private final Map<String, EventInterpreter> byName = ProviderPlugins.load(EventInterpreter.class,
            EventInterpreter::provider);

    public Optional<EventInterpreter> find(String provider) {
        return Optional.ofNullable(byName.get(provider));
    }
}
