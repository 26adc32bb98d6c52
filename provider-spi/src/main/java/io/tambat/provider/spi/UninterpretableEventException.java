package io.tambat.provider.spi;

/**
 * An authentic event whose content does not fit its provider's schema: retrying cannot help, so processing
 * ends FAILED at once. The message names the field, never its content.
 */
public final class UninterpretableEventException extends TambatException {

    public UninterpretableEventException(String message) {
        super(message);
    }
}
