package io.tambat.application.webhook;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.TrustedVersions;
import io.tambat.domain.port.out.secrets.SecretStorePort;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The trusted secret versions of each endpoint, served from memory for a bounded time so that verification
 * neither costs a query per delivery nor stops the moment the store hiccups. Fails closed: once an entry is
 * older than the TTL and the store cannot answer, deliveries are refused as retryable.
 *
 * <p>A change takes effect at once everywhere: on this instance right after its transaction commits (never
 * before, or a delivery in between could cache the old versions again), and on every other instance at its
 * next look at the store's revisions ({@link #followChanges()}). The TTL is the bound only while the store
 * cannot be asked. A read of the store that a change overtook (it read before the change committed, and would
 * cache after it was dropped) is served to its own delivery but not cached, or a retired version could come back
 * for a whole TTL.
 *
 * <p>Deliveries that miss together share one read: at start, after a change and whenever an entry lives out its
 * TTL, every delivery in flight for the endpoint misses at once, and a read each would take as many connections
 * as there are request threads, leaving none for the inbox's commit. A delivery joins only a read that began since
 * the last drop, so none is served versions older than a change it arrived after.
 */
@ApplicationScoped
public class TrustedSecrets {

    private final ConcurrentMap<EndpointId, Entry> cache = new ConcurrentHashMap<>();
    /** How many times cached versions were dropped; a read is cached only if none was dropped while it ran. */
    private final AtomicLong drops = new AtomicLong();
    private final ConcurrentMap<EndpointId, Read> reads = new ConcurrentHashMap<>();
    // Read and written by the one task that follows changes.
    private volatile Map<EndpointId, Long> revisions;

    @Inject
    SecretStorePort store;

    @Inject
    IngressSettings settings;

    @Inject
    Clock clock;

    /**
     * The endpoint's trusted versions, with the names of those that do not open with this instance's payload
     * keys: those stay unopened until the entry is read again, which a change of the endpoint's secrets or the
     * TTL brings.
     *
     * @throws WebhookRejectedException {@link Rejection#SECRETS_UNAVAILABLE} when no fresh entry exists and
     *                                  the store cannot answer
     */
    public TrustedVersions trustedVersions(EndpointId endpoint) {
        Instant now = clock.instant();
        Entry cached = cache.get(endpoint);
        if (cached != null && now.isBefore(cached.expiresAt())) {
            return cached.versions();
        }
        long dropsBefore = drops.get();
        Read mine = new Read(dropsBefore);
        Read shared = reads.compute(endpoint,
                (id, underWay) -> underWay != null && underWay.dropsBefore() == dropsBefore ? underWay : mine);
        if (shared == mine) {
            read(endpoint, mine, now);
        }
        try {
            return shared.versions().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof StoreUnavailableException unavailable) {
                throw new WebhookRejectedException(Rejection.SECRETS_UNAVAILABLE,
                        "signing secrets cannot be loaded right now", settings.retryAfter(), unavailable);
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e.getCause() instanceof RuntimeException failure ? failure : e;
        }
    }

    /** Reads the store for every delivery sharing {@code read}, and caches what it read unless a drop overtook it. */
    private void read(EndpointId endpoint, Read read, Instant now) {
        try {
            TrustedVersions versions = store.trustedVersions(endpoint);
            Entry entry = new Entry(versions, now.plus(settings.secretCacheTtl()));
            cache.compute(endpoint, (id, cachedNow) -> drops.get() == read.dropsBefore() ? entry : cachedNow);
            read.versions().complete(versions);
        } catch (Throwable failed) {
            // Whatever the read threw, every delivery sharing it hears of it rather than waiting for ever.
            read.versions().completeExceptionally(failed);
        } finally {
            reads.remove(endpoint, read);
        }
    }

    /** A change committed here applies to the next delivery. */
    void changed(@Observes(during = TransactionPhase.AFTER_SUCCESS) SecretsChanged change) {
        drop(change.endpoint());
    }

    /**
     * Drops the cached versions of every endpoint whose revision moved since the last look (of every endpoint
     * on the first look, which has nothing to compare with).
     *
     * @throws io.tambat.domain.error.StoreUnavailableException when the store cannot answer; the cache then
     *         lives out its TTL
     */
    public void followChanges() {
        Map<EndpointId, Long> current = store.revisions();
        if (revisions == null) {
            drops.incrementAndGet();
            cache.clear();
        } else {
            current.forEach((endpoint, revision) -> {
                if (!revision.equals(revisions.get(endpoint))) {
                    drop(endpoint);
                }
            });
        }
        revisions = Map.copyOf(current);
    }

    /** Counted before the entry goes, so that a read under way when it went is not cached after. */
    private void drop(EndpointId endpoint) {
        drops.incrementAndGet();
        cache.remove(endpoint);
    }

    /** A read of the store under way, begun when {@code dropsBefore} drops had been counted. */
    private record Read(long dropsBefore, CompletableFuture<TrustedVersions> versions) {
        Read(long dropsBefore) {
            this(dropsBefore, new CompletableFuture<>());
        }
    }

    private record Entry(TrustedVersions versions, Instant expiresAt) {
    }
}
