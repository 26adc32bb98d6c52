package io.tambat.domain.error;

/** The key was used before with different parameters; nothing was changed. */
public final class IdempotencyKeyReusedException extends TambatException {

    public IdempotencyKeyReusedException() {
        super("this Idempotency-Key was used with different parameters");
    }
}
