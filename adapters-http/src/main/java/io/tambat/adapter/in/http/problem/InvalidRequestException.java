package io.tambat.adapter.in.http.problem;

/**
 * A request the server cannot accept as sent: a malformed body or query parameter. Answered 400
 * {@code invalid_request}, naming the offending member (a JSON Pointer, or the parameter's name), never its
 * value.
 */
public final class InvalidRequestException extends RuntimeException {

    private final String pointer;

    public InvalidRequestException(String pointer, String message) {
        super(message, null, false, false);
        this.pointer = pointer;
    }

    public String pointer() {
        return pointer;
    }
}
