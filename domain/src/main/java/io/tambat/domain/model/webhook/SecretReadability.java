package io.tambat.domain.model.webhook;

import java.util.Objects;

/**
 * Whether one trusted secret version opens with the configured payload keys, named by its endpoint, its version
 * and the payload key that sealed it: names only, never material. One that does not was sealed under a key
 * removed before a re-seal finished, or under a key that another instance has and this one lacks.
 */
public record SecretReadability(EndpointId endpoint, String version, String keyId, boolean opens) {

    public SecretReadability {
        Objects.requireNonNull(endpoint);
        Objects.requireNonNull(version);
        Objects.requireNonNull(keyId);
    }

    /** {@code endpoint/version (key id)}, as health, logs and the runbook name it. */
    public String describe() {
        return endpoint + "/" + version + " (key " + keyId + ")";
    }
}
