package io.tambat.domain.error;

/**
 * A worker's lease on a long operation was taken over after it expired: its attempt token is no longer the
 * record's, so whatever it did must roll back and the newer attempt's result stands.
 */
public final class OperationSupersededException extends TambatException {

    public OperationSupersededException(String detail) {
        super(detail);
    }
}
