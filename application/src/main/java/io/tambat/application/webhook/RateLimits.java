package io.tambat.application.webhook;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.TokenBucket;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Two token buckets per endpoint, per server instance: one for verified deliveries (the endpoint's configured
 * rate limit, if any) and one for requests that failed verification. Forgeries therefore drain only their
 * own bucket, and authentic deliveries keep flowing during a flood of them.
 */
@ApplicationScoped
public class RateLimits {

    private final ConcurrentMap<EndpointId, TokenBucket> verified = new ConcurrentHashMap<>();
    private final ConcurrentMap<EndpointId, TokenBucket> unverified = new ConcurrentHashMap<>();

    /** For a verified delivery: empty when it may proceed, else how long until it could. */
    public Optional<Duration> acquire(WebhookEndpoint endpoint, Instant now) {
        return endpoint.rateLimit()
                .flatMap(rate -> verified.computeIfAbsent(endpoint.id(), id -> new TokenBucket(rate, now))
                        .tryAcquire(now));
    }

    /** For a request that failed verification: empty while failures are within the endpoint's allowance. */
    public Optional<Duration> acquireUnverified(WebhookEndpoint endpoint, Instant now) {
        return unverified.computeIfAbsent(endpoint.id(),
                id -> new TokenBucket(endpoint.unverifiedRateLimit(), now)).tryAcquire(now);
    }
}
