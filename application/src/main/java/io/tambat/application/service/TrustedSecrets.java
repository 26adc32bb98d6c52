package io.tambat.application.service;

import io.tambat.domain.error.Rejection;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.error.WebhookRejectedException;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SecretVersion;
import io.tambat.domain.port.out.SecretStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The trusted secret versions of each endpoint, served from memory for a bounded time so that verification
 * neither costs a query per delivery nor stops the moment the store hiccups. Fails closed: once an entry is
 * older than the TTL and the store cannot answer, deliveries are refused as retryable.
 */
@ApplicationScoped
public class TrustedSecrets {

    private final ConcurrentMap<EndpointId, Entry> cache = new ConcurrentHashMap<>();

    @Inject
    SecretStorePort store;

    @Inject
    IngressSettings settings;

    @Inject
    Clock clock;

    /**
     * @throws WebhookRejectedException {@link Rejection#SECRETS_UNAVAILABLE} when no fresh entry exists and
     *                                  the store cannot answer
     */
    public List<SecretVersion> trustedVersions(EndpointId endpoint) {
        Instant now = clock.instant();
        Entry cached = cache.get(endpoint);
        if (cached != null && now.isBefore(cached.expiresAt())) {
            return cached.versions();
        }
        try {
            List<SecretVersion> versions = store.trustedVersions(endpoint);
            cache.put(endpoint, new Entry(versions, now.plus(settings.secretCacheTtl())));
            return versions;
        } catch (StoreUnavailableException e) {
            throw new WebhookRejectedException(Rejection.SECRETS_UNAVAILABLE,
                    "signing secrets cannot be loaded right now", settings.retryAfter(), e);
        }
    }

    /** Forgets what is cached for the endpoint, so a change made here applies to the next delivery. */
    public void invalidate(EndpointId endpoint) {
        cache.remove(endpoint);
    }

    private record Entry(List<SecretVersion> versions, Instant expiresAt) {
    }
}
