package io.tambat.domain.model.webhook;

import java.util.Objects;

/**
 * One trusted version of an endpoint's signing secret, in the provider's own format (Stripe {@code whsec_...},
 * Standard Webhooks {@code whsec_<base64>}, a GitHub plain string...). The provider adapter decodes it.
 * {@link #toString()} never shows the secret.
 */
public record SecretVersion(String version, String secret) {

    public SecretVersion {
        Objects.requireNonNull(version);
        Objects.requireNonNull(secret);
        if (!version.matches("[A-Za-z0-9._-]{1,64}")) {
            throw new IllegalArgumentException("secret version must match [A-Za-z0-9._-]{1,64}");
        }
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("secret must not be empty");
        }
    }

    @Override
    public String toString() {
        return "SecretVersion[version=" + version + ", secret=<redacted>]";
    }
}
