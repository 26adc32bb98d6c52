package io.tambat.application.processing;

import io.tambat.application.testing.PurgeRequest;
import io.tambat.application.testing.RollsBack;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.processing.StateWrite;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.processing.BusinessStatePort;
import io.tambat.provider.spi.ObjectKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/** Business state per (endpoint, object) in memory, under the port's ordering rules, with its mutation trail. */
final class InMemoryBusinessState implements BusinessStatePort, RollsBack {

    private final Map<Target, Stored> objects = new LinkedHashMap<>();
    private final Map<UUID, Instant> trail = new LinkedHashMap<>();
    private final List<PurgeRequest> trailPurges = new ArrayList<>();

    @Override
    public List<Outcome> applyAll(List<StateWrite> writes, Instant now) {
        return writes.stream().map(write -> apply(write, now)).toList();
    }

    private Outcome apply(StateWrite write, Instant now) {
        Optional<Stored> stored = Optional.ofNullable(objects.get(new Target(write.endpoint(), write.key())));
        Optional<Long> storedVersion = stored.flatMap(object -> object.state().version());
        boolean applies = switch (write.rule()) {
            case NEWER_VERSION -> storedVersion.isEmpty() || storedVersion.get() < write.version().orElseThrow();
            case NEWER_READ -> write.version().isPresent()
                    ? storedVersion.isEmpty() || storedVersion.get() < write.version().get()
                    : storedVersion.isEmpty() && stored.flatMap(Stored::fetchedAt)
                            .map(earlier -> earlier.isBefore(write.fetchedAt().orElseThrow())).orElse(true);
            case NEXT_IN_SEQUENCE -> stored.isEmpty() ? write.version().equals(write.sequenceStart())
                    : storedVersion.orElse(Long.MIN_VALUE) == write.version().get() - 1;
            case ALWAYS -> true;
        };
        if (!applies) {
            boolean ahead = write.rule() == StateWrite.Rule.NEXT_IN_SEQUENCE
                    && write.version().get() > storedVersion.orElse(Long.MIN_VALUE);
            return ahead ? Outcome.GAP : Outcome.STALE;
        }
        objects.put(new Target(write.endpoint(), write.key()), new Stored(new ObjectState(write.endpoint(),
                write.key(), write.state(), write.version(), write.inboxId(), now), write.fetchedAt()));
        trail.put(write.inboxId(), now);
        return Outcome.APPLIED;
    }

    @Override
    public Set<UUID> mutatedAmong(Set<UUID> inboxIds) {
        return inboxIds.stream().filter(trail::containsKey).collect(Collectors.toSet());
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

    /** The request is recorded for retention's cut-off to be checked. */
    @Override
    public int purgeTrail(Instant appliedBefore, int batch) {
        PurgeRequest request = new PurgeRequest(appliedBefore, batch);
        trailPurges.add(request);
        return request.removeFrom(trail, appliedAt -> appliedAt);
    }

    List<PurgeRequest> trailPurges() {
        return List.copyOf(trailPurges);
    }

    @Override
    public Runnable snapshot() {
        List<Runnable> before = List.of(RollsBack.snapshotOf(objects), RollsBack.snapshotOf(trail));
        return () -> before.forEach(Runnable::run);
    }

    private record Target(EndpointId endpoint, ObjectKey key) {
    }

    private record Stored(ObjectState state, Optional<Instant> fetchedAt) {
    }
}
