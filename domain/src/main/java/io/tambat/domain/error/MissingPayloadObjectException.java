package io.tambat.domain.error;

import io.tambat.provider.spi.TambatException;

/**
 * A row names a payload object the object store does not have. A bucket or prefix configured wrongly makes every
 * object look so, so the row is never changed for it: the batch that met it stops, and an operator looks. The
 * message names the inbox row, never a payload.
 */
public final class MissingPayloadObjectException extends TambatException {

    public MissingPayloadObjectException(String inboxId) {
        super("the payload object of inbox row " + inboxId + " is missing from the object store: check the "
                + "configured bucket and prefix before starting again");
    }
}
