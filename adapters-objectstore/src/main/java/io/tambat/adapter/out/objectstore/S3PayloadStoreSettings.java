package io.tambat.adapter.out.objectstore;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how payload objects are stored in an S3-compatible store.
 *
 * @param endpoint   the store's URL; empty for AWS S3, found from the region
 * @param region     the region requests are signed for (any name a store other than AWS accepts, e.g.
 *                   {@code us-east-1})
 * @param bucket     the bucket that holds the payload objects
 * @param prefix     what every key starts with, before a {@code /}; empty for keys at the root of the bucket
 * @param pathStyle  whether the bucket is named in the path ({@code https://host/bucket/key}) rather than in the
 *                   host name, as most stores other than AWS need
 * @param accessKey  with {@code secretKey}, the credentials to sign with; both empty for the SDK's default chain
 *                   (environment, profile, web identity, container or instance role)
 * @param secretKey  see {@code accessKey}
 * @param putTimeout how long a put may take, retries included, before the delivery is answered 503
 */
public record S3PayloadStoreSettings(Optional<URI> endpoint, String region, String bucket, String prefix,
        boolean pathStyle, Optional<String> accessKey, Optional<String> secretKey, Duration putTimeout) {

    public static final Duration DEFAULT_PUT_TIMEOUT = Duration.ofMillis(500);

    /**
     * A provider gives up on a delivery unanswered after 2 s; the put comes before the inbox transaction, and both
     * must end before then.
     */
    static final Duration PROVIDER_WAIT = Duration.ofSeconds(2);

    public S3PayloadStoreSettings {
        Objects.requireNonNull(endpoint);
        Objects.requireNonNull(region);
        Objects.requireNonNull(bucket);
        Objects.requireNonNull(prefix);
        Objects.requireNonNull(accessKey);
        Objects.requireNonNull(secretKey);
        Objects.requireNonNull(putTimeout);
        endpoint.ifPresent(S3PayloadStoreSettings::requireHttpUrl);
        if (region.isBlank()) {
            throw new IllegalArgumentException("region must not be blank");
        }
        if (bucket.isBlank()) {
            throw new IllegalArgumentException("bucket must not be blank");
        }
        if (prefix.startsWith("/") || prefix.endsWith("/")) {
            throw new IllegalArgumentException("prefix must neither start nor end with '/': " + prefix);
        }
        if (accessKey.isPresent() != secretKey.isPresent()) {
            throw new IllegalArgumentException("access-key and secret-key are given together or not at all");
        }
        if (accessKey.filter(String::isBlank).isPresent() || secretKey.filter(String::isBlank).isPresent()) {
            throw new IllegalArgumentException("access-key and secret-key must not be blank");
        }
        if (putTimeout.isNegative() || putTimeout.isZero() || putTimeout.compareTo(PROVIDER_WAIT) >= 0) {
            throw new IllegalArgumentException("put timeout must be positive and below " + PROVIDER_WAIT.toMillis()
                    + " ms, a provider's wait: " + putTimeout.toMillis() + " ms");
        }
    }

    /** Everything but the credentials, which never reach a log. */
    @Override
    public String toString() {
        return "S3PayloadStoreSettings[endpoint=" + endpoint.map(URI::toString).orElse("AWS") + ", region=" + region
                + ", bucket=" + bucket + ", prefix=" + prefix + ", pathStyle=" + pathStyle + ", credentials="
                + (accessKey.isPresent() ? "static" : "default chain") + ", putTimeout=" + putTimeout + "]";
    }

    private static void requireHttpUrl(URI endpoint) {
        // Not echoed: an endpoint with user info would put a credential in the message.
        if (!("http".equals(endpoint.getScheme()) || "https".equals(endpoint.getScheme()))
                || endpoint.getHost() == null || endpoint.getUserInfo() != null) {
            throw new IllegalArgumentException("endpoint must be an http or https URL with a host and no user info");
        }
    }
}
