package io.tambat.domain.error;

import io.tambat.provider.spi.TambatException;

/** The same key is still being worked on by another request after the bounded wait: retry later. */
public final class IdempotencyInProgressException extends TambatException {

    public IdempotencyInProgressException() {
        super("a request with this Idempotency-Key is still in progress");
    }
}
