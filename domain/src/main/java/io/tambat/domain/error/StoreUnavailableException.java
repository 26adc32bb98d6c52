package io.tambat.domain.error;

import io.tambat.provider.spi.TambatException;

/**
 * A durable store (database, secret store, payload object store) could not answer, or the outcome of a write is unknown.
 * Callers must treat the operation as not done and must not acknowledge anything that depended on it.
 */
public final class StoreUnavailableException extends TambatException {

    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
