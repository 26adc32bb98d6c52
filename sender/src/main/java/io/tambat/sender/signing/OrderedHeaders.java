package io.tambat.sender.signing;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Headers kept in the order a signer lists them, so that what the sender prints reads like the provider's. */
final class OrderedHeaders {

    private OrderedHeaders() {
    }

    /** The headers from alternating names and values. */
    static Map<String, String> of(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("every header name needs a value");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            headers.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(headers);
    }
}
