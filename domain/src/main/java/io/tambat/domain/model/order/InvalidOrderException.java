package io.tambat.domain.model.order;

import io.tambat.domain.error.TambatException;

/** A request that fails validation: nothing is stored and the idempotency key stays free. */
public final class InvalidOrderException extends TambatException {

    public InvalidOrderException(String message) {
        super(message);
    }
}
