package io.tambat.provider.spi;

/**
 * Processing could not finish now but may later (a provider API timing out, answering 5xx or 429):
 * the event is retried with backoff until its attempts run out.
 */
public final class TransientProcessingException extends TambatException {

    public TransientProcessingException(String message, Throwable cause) {
        super(message, cause);
    }
}
