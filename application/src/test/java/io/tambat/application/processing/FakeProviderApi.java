package io.tambat.application.processing;

import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.ProviderStatePort;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The test provider's API: the objects it has now, failures to answer with first, and what was fetched, on whose
 * behalf.
 */
final class FakeProviderApi implements ProviderStatePort {

    private final Map<ObjectKey, ProviderObject> current = new HashMap<>();
    private final Deque<RuntimeException> failures = new ArrayDeque<>();
    private final List<ObjectKey> fetched = new ArrayList<>();
    private final List<Optional<String>> onBehalfOf = new ArrayList<>();

    void has(ObjectKey key, ProviderObject object) {
        current.put(key, object);
    }

    void failNextWith(RuntimeException failure) {
        failures.add(failure);
    }

    List<ObjectKey> fetched() {
        return List.copyOf(fetched);
    }

    /** For each fetch through {@link #fetch(ObjectKey, Optional)}, the connected account it was made for. */
    List<Optional<String>> onBehalfOf() {
        return List.copyOf(onBehalfOf);
    }

    @Override
    public Optional<ProviderObject> fetch(ObjectKey key, Optional<String> connectedAccount) {
        onBehalfOf.add(connectedAccount);
        return fetch(key);
    }

    @Override
    public boolean supports(String provider) {
        return ProcessingFixture.PROVIDER.equals(provider);
    }

    @Override
    public Optional<ProviderObject> fetch(ObjectKey key) {
        fetched.add(key);
        if (!failures.isEmpty()) {
            throw failures.poll();
        }
        return Optional.ofNullable(current.get(key));
    }
}
