package io.tambat.domain.model.forwarding;

import java.util.Objects;

/**
 * One version of a destination's Standard Webhooks signing secret, decoded ({@code whsec_<base64>} is the
 * base64 of the HMAC key). Never printed.
 */
public final class SigningSecret {

    private final String version;
    private final byte[] key;

    public SigningSecret(String version, byte[] key) {
        this.version = Objects.requireNonNull(version);
        if (key.length < 16) {
            throw new IllegalArgumentException("a signing key needs at least 16 bytes");
        }
        this.key = key.clone();
    }

    public String version() {
        return version;
    }

    /** A copy of the HMAC key. */
    public byte[] key() {
        return key.clone();
    }

    @Override
    public String toString() {
        return "SigningSecret[" + version + ", redacted]";
    }
}
