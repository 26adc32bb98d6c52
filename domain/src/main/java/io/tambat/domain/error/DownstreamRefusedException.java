package io.tambat.domain.error;

import io.tambat.provider.spi.TambatException;

/**
 * A downstream service refused a request for good (a 4xx other than 408, 409 and 429): retrying the same
 * request cannot help, so the delivery ends failed for an operator to look at.
 */
public final class DownstreamRefusedException extends TambatException {

    public DownstreamRefusedException(String message) {
        super(message);
    }
}
