package io.tambat.application.webhook;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretVersion;
import io.tambat.domain.model.webhook.SecretVersionInfo;
import io.tambat.domain.port.out.SecretStorePort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Secret versions per endpoint in memory, newest first, with the revisions the port promises. */
final class InMemorySecretStore implements SecretStorePort {

    private final Map<EndpointId, List<Stored>> versions = new HashMap<>();
    private final Map<EndpointId, Long> revisions = new HashMap<>();
    private boolean unavailable;

    /** From now on every call throws {@link StoreUnavailableException}. */
    void becomeUnavailable() {
        unavailable = true;
    }

    @Override
    public List<SecretVersion> trustedVersions(EndpointId endpoint) {
        answer();
        return of(endpoint).stream().filter(stored -> stored.retiredAt().isEmpty()).map(Stored::version).toList();
    }

    @Override
    public void seed(EndpointId endpoint, List<SecretVersion> configured, Instant now) {
        answer();
        configured.forEach(version -> insert(endpoint, version, now));
    }

    @Override
    public boolean add(EndpointId endpoint, SecretVersion version, Instant now) {
        answer();
        boolean added = insert(endpoint, version, now);
        if (added) {
            revisions.merge(endpoint, 1L, Long::sum);
        }
        return added;
    }

    @Override
    public boolean retire(EndpointId endpoint, String version, Instant now) {
        answer();
        List<Stored> stored = of(endpoint);
        for (int i = 0; i < stored.size(); i++) {
            Stored candidate = stored.get(i);
            if (candidate.version().version().equals(version) && candidate.retiredAt().isEmpty()) {
                stored.set(i, new Stored(candidate.version(), candidate.createdAt(), Optional.of(now)));
                revisions.merge(endpoint, 1L, Long::sum);
                return true;
            }
        }
        return false;
    }

    @Override
    public List<SecretVersionInfo> describe(EndpointId endpoint) {
        answer();
        List<Stored> oldestFirst = new ArrayList<>(of(endpoint));
        Collections.reverse(oldestFirst);
        return oldestFirst.stream()
                .map(stored -> new SecretVersionInfo(stored.version().version(), stored.createdAt(),
                        stored.retiredAt(), Optional.empty()))
                .toList();
    }

    @Override
    public Map<EndpointId, Long> revisions() {
        answer();
        return Map.copyOf(revisions);
    }

    private boolean insert(EndpointId endpoint, SecretVersion version, Instant now) {
        List<Stored> stored = of(endpoint);
        if (stored.stream().anyMatch(known -> known.version().version().equals(version.version()))) {
            return false;
        }
        stored.add(0, new Stored(version, now, Optional.empty()));
        return true;
    }

    private List<Stored> of(EndpointId endpoint) {
        return versions.computeIfAbsent(endpoint, id -> new ArrayList<>());
    }

    private void answer() {
        if (unavailable) {
            throw new StoreUnavailableException("the secret store cannot answer", null);
        }
    }

    private record Stored(SecretVersion version, Instant createdAt, Optional<Instant> retiredAt) {
    }
}
