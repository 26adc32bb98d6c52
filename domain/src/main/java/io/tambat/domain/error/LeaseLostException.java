package io.tambat.domain.error;

import io.tambat.provider.spi.TambatException;

/**
 * A worker's lease on a work item ran out and another worker took the item over: whatever this worker did
 * in its transaction is rolled back, and the item's state is left to the worker that holds it now.
 */
public final class LeaseLostException extends TambatException {

    public LeaseLostException(String message) {
        super(message);
    }
}
