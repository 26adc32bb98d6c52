package io.tambat.adapter.in.provider.support;

import jakarta.json.spi.JsonProvider;

/**
 * The JSON-P implementation, looked up once: {@code Json.create...} repeats the ServiceLoader lookup on every
 * call. Held outside the adapters' own classes so that loading an adapter through ServiceLoader does not yet
 * need a JSON-P implementation.
 */
final class JsonProviders {

    static final JsonProvider PROVIDER = JsonProvider.provider();

    private JsonProviders() {
    }
}
