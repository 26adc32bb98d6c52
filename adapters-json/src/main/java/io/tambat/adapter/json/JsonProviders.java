package io.tambat.adapter.json;

import jakarta.json.spi.JsonProvider;

/**
 * The JSON-P implementation, looked up once: {@code Json.create...} repeats the ServiceLoader lookup on every
 * call, which under Liberty's class loaders cost more than building the JSON itself.
 */
public final class JsonProviders {

    public static final JsonProvider PROVIDER = JsonProvider.provider();

    private JsonProviders() {
    }
}
