package io.tambat.adapter.out.persistence.jdbc;

import jakarta.json.spi.JsonProvider;

/** The JSON-P implementation, looked up once: {@code Json.create...} repeats the ServiceLoader lookup per call. */
public final class JsonProviders {

    public static final JsonProvider PROVIDER = JsonProvider.provider();

    private JsonProviders() {
    }
}
