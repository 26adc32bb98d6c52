package io.tambat.application.webhook;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretReadability;
import io.tambat.domain.model.webhook.SecretVersionInfo;
import io.tambat.domain.model.webhook.TrustedVersions;
import io.tambat.domain.port.out.secrets.SecretStorePort;
import io.tambat.provider.spi.SecretVersion;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Secret versions per endpoint in memory, newest first, with the revisions the port promises, and versions
 * that stop opening as if their payload key had been removed.
 */
final class InMemorySecretStore implements SecretStorePort {

    private final Map<EndpointId, List<Stored>> versions = new HashMap<>();
    private final Map<EndpointId, Long> revisions = new HashMap<>();
    private final Set<String> unopenable = new HashSet<>();
    private boolean unavailable;

    /** From now on every call throws {@link StoreUnavailableException}. */
    void becomeUnavailable() {
        unavailable = true;
    }

    /** From now on the version is trusted but does not open, as one sealed under a removed payload key. */
    void loseTheKeyOf(EndpointId endpoint, String version) {
        unopenable.add(endpoint + "/" + version);
    }

    @Override
    public TrustedVersions trustedVersions(EndpointId endpoint) {
        answer();
        List<SecretVersion> usable = new ArrayList<>();
        List<String> unopened = new ArrayList<>();
        for (Stored stored : of(endpoint)) {
            if (stored.retiredAt().isEmpty()) {
                if (unopenable.contains(endpoint + "/" + stored.version().version())) {
                    unopened.add(stored.version().version());
                } else {
                    usable.add(stored.version());
                }
            }
        }
        return new TrustedVersions(usable, unopened);
    }

    /** Every payload key is {@code k1} here. */
    @Override
    public List<SecretReadability> secretReadability() {
        answer();
        List<SecretReadability> trusted = new ArrayList<>();
        List<EndpointId> endpoints = versions.keySet().stream().sorted(Comparator.comparing(EndpointId::value)).toList();
        for (EndpointId endpoint : endpoints) {
            of(endpoint).stream()
                    .filter(stored -> stored.retiredAt().isEmpty())
                    .map(stored -> stored.version().version())
                    .sorted()
                    .forEach(version -> trusted.add(new SecretReadability(endpoint, version, "k1",
                            !unopenable.contains(endpoint + "/" + version))));
        }
        return trusted;
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
