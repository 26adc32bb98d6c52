package io.tambat.application.service;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.TokenBucket;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** One token bucket per rate-limited endpoint, per server instance. */
@ApplicationScoped
public class RateLimits {

    private final ConcurrentMap<EndpointId, TokenBucket> buckets = new ConcurrentHashMap<>();

    /** Empty when the delivery may proceed, else how long until it could. */
    public Optional<Duration> acquire(WebhookEndpoint endpoint, Instant now) {
        return endpoint.rateLimit()
                .flatMap(rate -> buckets.computeIfAbsent(endpoint.id(), id -> new TokenBucket(rate, now))
                        .tryAcquire(now));
    }
}
