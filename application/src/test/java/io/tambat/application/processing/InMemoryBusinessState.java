package io.tambat.application.processing;

import io.tambat.application.testing.RollsBack;
import io.tambat.domain.model.processing.ObjectKey;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.processing.ProviderObject;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.BusinessStatePort;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Business state per (endpoint, object) in memory, under the port's ordering rules. */
final class InMemoryBusinessState implements BusinessStatePort, RollsBack {

    private final Map<Target, Stored> objects = new LinkedHashMap<>();

    @Override
    public boolean applyVersioned(EndpointId endpoint, ObjectKey key, String state, long version, UUID inboxId,
            Instant now) {
        Optional<Long> stored = storedVersion(endpoint, key);
        if (stored.isPresent() && stored.get() >= version) {
            return false;
        }
        put(endpoint, key, state, Optional.of(version), Optional.empty(), inboxId, now);
        return true;
    }

    @Override
    public boolean applyFetched(EndpointId endpoint, ObjectKey key, ProviderObject current, Instant fetchedAt,
            UUID inboxId, Instant now) {
        if (current.version().isPresent()) {
            return applyVersioned(endpoint, key, current.state(), current.version().get(), inboxId, now);
        }
        Optional<Instant> earlierFetch = Optional.ofNullable(objects.get(new Target(endpoint, key)))
                .flatMap(Stored::fetchedAt);
        if (earlierFetch.isPresent() && !earlierFetch.get().isBefore(fetchedAt)) {
            return false;
        }
        put(endpoint, key, current.state(), Optional.empty(), Optional.of(fetchedAt), inboxId, now);
        return true;
    }

    @Override
    public SequenceOutcome applySequenced(EndpointId endpoint, ObjectKey key, String state, long sequence,
            UUID inboxId, Instant now) {
        Optional<Long> stored = storedVersion(endpoint, key);
        if (stored.isPresent() && sequence <= stored.get()) {
            return SequenceOutcome.STALE;
        }
        if (stored.isPresent() && sequence > stored.get() + 1) {
            return SequenceOutcome.GAP;
        }
        put(endpoint, key, state, Optional.of(sequence), Optional.empty(), inboxId, now);
        return SequenceOutcome.APPLIED;
    }

    @Override
    public boolean applyNotification(EndpointId endpoint, ObjectKey key, String state, UUID inboxId, Instant now) {
        put(endpoint, key, state, Optional.empty(), Optional.empty(), inboxId, now);
        return true;
    }

    @Override
    public Optional<ObjectState> find(EndpointId endpoint, ObjectKey key) {
        return Optional.ofNullable(objects.get(new Target(endpoint, key))).map(Stored::state);
    }

    @Override
    public List<ObjectState> findOnAnyEndpoint(ObjectKey key) {
        return objects.values().stream().map(Stored::state)
                .filter(state -> state.key().equals(key))
                .sorted(Comparator.comparing(ObjectState::updatedAt).reversed())
                .toList();
    }

    @Override
    public Runnable snapshot() {
        return RollsBack.snapshotOf(objects);
    }

    private Optional<Long> storedVersion(EndpointId endpoint, ObjectKey key) {
        return find(endpoint, key).flatMap(ObjectState::version);
    }

    private void put(EndpointId endpoint, ObjectKey key, String state, Optional<Long> version,
            Optional<Instant> fetchedAt, UUID inboxId, Instant now) {
        objects.put(new Target(endpoint, key),
                new Stored(new ObjectState(endpoint, key, state, version, inboxId, now), fetchedAt));
    }

    private record Target(EndpointId endpoint, ObjectKey key) {
    }

    private record Stored(ObjectState state, Optional<Instant> fetchedAt) {
    }
}
