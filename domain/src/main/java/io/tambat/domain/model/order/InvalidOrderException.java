package io.tambat.domain.model.order;

import io.tambat.provider.spi.TambatException;

/**
 * A request that fails validation: nothing is stored and the idempotency key stays free. It names the
 * offending member as a JSON Pointer into the request body (RFC 6901), never its value.
 */
public class InvalidOrderException extends TambatException {

    private final String pointer;

    public InvalidOrderException(String pointer, String message) {
        super(message);
        this.pointer = pointer;
    }

    /** Where in the request body the problem is; empty for the body as a whole. */
    public String pointer() {
        return pointer;
    }

    /** The same problem, seen from an enclosing member: {@code /sku} under {@code /items/3}. */
    public InvalidOrderException under(String parentPointer) {
        return new InvalidOrderException(parentPointer + pointer, getMessage());
    }
}
