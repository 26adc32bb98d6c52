package io.tambat.provider.spi;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One trusted version of an endpoint's signing secret, in the provider's own format (Stripe {@code whsec_...},
 * Standard Webhooks {@code whsec_<base64>}, a GitHub plain string...). The provider adapter decodes it.
 * {@link #toString()} never shows the secret.
 */
public record SecretVersion(String version, String secret) {

    public static final String NAME_RULE = "secret version must match [A-Za-z0-9._-]{1,64}";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    public SecretVersion {
        Objects.requireNonNull(version);
        Objects.requireNonNull(secret);
        if (!isValidName(version)) {
            throw new IllegalArgumentException(NAME_RULE);
        }
        if (secret.isEmpty()) {
            throw new IllegalArgumentException("secret must not be empty");
        }
    }

    public static boolean isValidName(String version) {
        return version != null && NAME.matcher(version).matches();
    }

    @Override
    public String toString() {
        return "SecretVersion[version=" + version + ", secret=<redacted>]";
    }
}
