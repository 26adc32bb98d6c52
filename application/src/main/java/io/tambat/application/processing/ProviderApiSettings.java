package io.tambat.application.processing;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

/**
 * Where each provider's API is and the credential for it ({@code tambat.providers.<provider>.*}), and the
 * bound on every call to it.
 */
public record ProviderApiSettings(Map<String, Api> apis, Duration timeout) {

    public ProviderApiSettings {
        apis = Map.copyOf(apis);
    }

    /** One provider's API; {@link #toString()} never shows the key. */
    public record Api(URI url, String key) {
        @Override
        public String toString() {
            return "Api[url=" + url + ", key=<redacted>]";
        }
    }
}
