package io.tambat.domain.error;

import io.tambat.provider.spi.TambatException;

/**
 * A stored ciphertext does not open with the configured payload keys: the key it names was removed from
 * {@code TAMBAT_PAYLOAD_KEYS} before every row sealed under it was re-sealed, or the row was altered. The
 * message names the key id, never material.
 */
public final class UnreadableCiphertextException extends TambatException {

    public UnreadableCiphertextException(String message) {
        super(message);
    }
}
