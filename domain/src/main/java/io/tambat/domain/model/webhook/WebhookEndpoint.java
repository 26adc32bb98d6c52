package io.tambat.domain.model.webhook;

import io.tambat.provider.spi.InterpretationSettings;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A configured receiving endpoint: which provider signs for it and the limits its deliveries must respect.
 *
 * @param tolerance    signed-timestamp tolerance; empty means the provider adapter's default
 * @param maxBodyBytes largest raw body accepted, in bytes
 * @param rateLimit    verified deliveries per second (token bucket with an equal burst); empty means unlimited
 * @param unverifiedRateLimit requests per second that may fail verification (missing or invalid signature,
 *                     stale timestamp) before further failures are answered 429: a flood of forgeries drains
 *                     this bucket, never the one authentic deliveries draw from
 * @param replayWindow for providers that sign no timestamp, opt-in: within it, a body already accepted on this
 *                     endpoint is a duplicate whatever its delivery id; empty means off
 * @param publicUrl    the URL the provider signs, for providers that sign it (Twilio)
 * @param interpretation where a generic sender's events keep their object (JSON Pointers)
 */
public record WebhookEndpoint(
        EndpointId id,
        String provider,
        EventTypeFilter eventTypes,
        Optional<Duration> tolerance,
        long maxBodyBytes,
        Optional<Integer> rateLimit,
        int unverifiedRateLimit,
        Optional<Duration> replayWindow,
        Optional<URI> publicUrl,
        InterpretationSettings interpretation) {

    public static final long DEFAULT_MAX_BODY_BYTES = 1_048_576;
    public static final int DEFAULT_UNVERIFIED_RATE_LIMIT = 10;

    public WebhookEndpoint {
        Objects.requireNonNull(id);
        Objects.requireNonNull(provider);
        Objects.requireNonNull(eventTypes);
        Objects.requireNonNull(tolerance);
        Objects.requireNonNull(rateLimit);
        Objects.requireNonNull(replayWindow);
        Objects.requireNonNull(publicUrl);
        Objects.requireNonNull(interpretation);
        if (maxBodyBytes < 1 || maxBodyBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("max body bytes must be between 1 and 2^31-9");
        }
        tolerance.ifPresent(t -> {
            if (t.isNegative()) {
                throw new IllegalArgumentException("tolerance must not be negative");
            }
        });
        rateLimit.ifPresent(r -> {
            if (r < 1) {
                throw new IllegalArgumentException("rate limit must be at least 1/s");
            }
        });
        if (unverifiedRateLimit < 1) {
            throw new IllegalArgumentException("unverified rate limit must be at least 1/s");
        }
    }
}
