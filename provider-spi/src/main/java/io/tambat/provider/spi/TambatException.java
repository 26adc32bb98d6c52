package io.tambat.provider.spi;

/** Root of every exception Tambat raises on purpose. Messages never carry secrets or payload content. */
public abstract class TambatException extends RuntimeException {

    protected TambatException(String message) {
        super(message);
    }

    protected TambatException(String message, Throwable cause) {
        super(message, cause);
    }
}
