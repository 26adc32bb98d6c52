package io.tambat.adapter.in.http.body;

/** A request body over its route's limit; answered 413 without reading the rest. */
public final class BodyTooLargeException extends RuntimeException {

    public BodyTooLargeException(long limit) {
        super("the body exceeds this route's limit of " + limit + " bytes", null, false, false);
    }
}
