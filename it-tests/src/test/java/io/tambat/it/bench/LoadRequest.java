package io.tambat.it.bench;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

/**
 * One POST a load sends: where, its headers in order, and its body, built before it is timed.
 *
 * @param headers name to value, in the order they are written; the client adds {@code Host} and
 *                {@code Content-Length}
 */
record LoadRequest(URI uri, Map<String, String> headers, byte[] body) {

    Optional<String> header(String name) {
        return Optional.ofNullable(headers.get(name));
    }

    /** The same request sent elsewhere. */
    LoadRequest to(URI other) {
        return new LoadRequest(other, headers, body);
    }
}
