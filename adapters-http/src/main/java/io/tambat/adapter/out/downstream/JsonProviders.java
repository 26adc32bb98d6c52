package io.tambat.adapter.out.downstream;

import jakarta.json.spi.JsonProvider;

/** The JSON-P implementation, looked up once: {@code Json.create...} repeats the ServiceLoader lookup per call. */
final class JsonProviders {

    static final JsonProvider PROVIDER = JsonProvider.provider();

    private JsonProviders() {
    }
}
