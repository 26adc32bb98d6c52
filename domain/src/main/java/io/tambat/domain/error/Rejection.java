package io.tambat.domain.error;

/**
 * Why a webhook delivery was not acknowledged. Each value is one row of the public receiving contract;
 * {@link #code()} is the exact {@code code} of the problem body and the {@code outcome} metric tag.
 */
public enum Rejection {
    UNKNOWN_ENDPOINT(false),
    METHOD_NOT_ALLOWED(false),
    UNSUPPORTED_MEDIA_TYPE(false),
    PAYLOAD_TOO_LARGE(false),
    SIGNATURE_MISSING(false),
    SIGNATURE_INVALID(false),
    TIMESTAMP_STALE(false),
    MALFORMED_ENVELOPE(false),
    RATE_LIMITED(true),
    SECRETS_UNAVAILABLE(true),
    STORAGE_UNAVAILABLE(true);

    private final boolean retryable;

    Rejection(boolean retryable) {
        this.retryable = retryable;
    }

    /** Whether the sender should try the same delivery again later (the answer carries Retry-After). */
    public boolean retryable() {
        return retryable;
    }

    public String code() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
