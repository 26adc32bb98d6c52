package io.tambat.domain.model.webhook;

import io.tambat.domain.model.processing.InterpretationSettings;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A configured receiving endpoint: which provider signs for it and the limits its deliveries must respect.
 *
 * @param tolerance    signed-timestamp tolerance; empty means the provider adapter's default
 * @param maxBodyBytes largest raw body accepted, in bytes
 * @param rateLimit    deliveries per second (token bucket with an equal burst); empty means unlimited
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
        Optional<URI> publicUrl,
        InterpretationSettings interpretation) {

    public static final long DEFAULT_MAX_BODY_BYTES = 1_048_576;

    public WebhookEndpoint {
        Objects.requireNonNull(id);
        Objects.requireNonNull(provider);
        Objects.requireNonNull(eventTypes);
        Objects.requireNonNull(tolerance);
        Objects.requireNonNull(rateLimit);
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
    }
}
