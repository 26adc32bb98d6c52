package io.tambat.composition;

import io.tambat.provider.spi.TambatException;

/** A configuration value that the server cannot run with. The message names the key, never a secret. */
public final class ConfigurationException extends TambatException {

    public ConfigurationException(String key, String problem) {
        super(key + ": " + problem);
    }
}
