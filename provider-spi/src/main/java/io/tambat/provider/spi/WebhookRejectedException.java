package io.tambat.provider.spi;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A delivery refused at one step of the ingress pipeline. Nothing of a rejected delivery is stored.
 * The detail is safe to show to the sender: it names what was wrong, never a secret or payload content.
 */
public final class WebhookRejectedException extends TambatException {

    private final Rejection rejection;
    private final Duration retryAfter;

    public WebhookRejectedException(Rejection rejection, String detail) {
        this(rejection, detail, null, null);
    }

    public WebhookRejectedException(Rejection rejection, String detail, Duration retryAfter, Throwable cause) {
        super(detail, cause);
        this.rejection = Objects.requireNonNull(rejection);
        this.retryAfter = retryAfter;
    }

    public Rejection rejection() {
        return rejection;
    }

    /** How long the sender should wait before retrying, for retryable rejections. */
    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
