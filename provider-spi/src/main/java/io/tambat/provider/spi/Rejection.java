package io.tambat.provider.spi;

/**
 * Why a webhook delivery was not acknowledged, as ingress and provider adapters say it, without HTTP. Each
 * value is one row of the public receiving contract; {@link #code()} is the exact {@code code} of the problem
 * body (the server's catalog of codes answers it with that code and its status) and the {@code outcome} metric
 * tag.
 */
public enum Rejection {
    UNKNOWN_ENDPOINT,
    METHOD_NOT_ALLOWED,
    UNSUPPORTED_MEDIA_TYPE,
    PAYLOAD_TOO_LARGE,
    SIGNATURE_MISSING,
    SIGNATURE_INVALID,
    TIMESTAMP_STALE,
    MALFORMED_ENVELOPE,
    RATE_LIMITED,
    SECRETS_UNAVAILABLE,
    STORAGE_UNAVAILABLE;

    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
