package io.tambat.domain.error;

import io.tambat.provider.spi.TambatException;

/**
 * The database answered and refused a statement: a value it cannot hold, a broken constraint nobody expected,
 * a statement that does not fit the schema. Retrying the same request cannot help, so unlike
 * {@link StoreUnavailableException} this is never reported as an outage: it is a defect, answered as an
 * internal error and logged for the operator.
 */
public final class StorageRejectedException extends TambatException {

    public StorageRejectedException(String message, Throwable cause) {
        super(message, cause);
    }
}
