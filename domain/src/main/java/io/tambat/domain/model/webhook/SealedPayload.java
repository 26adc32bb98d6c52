package io.tambat.domain.model.webhook;

import java.util.Objects;

/**
 * Encrypted bytes and the name of what sealed them: a configured key's id and, when the key was not used
 * directly, how ({@link io.tambat.domain.port.out.PayloadCipherPort#currentSealing()}). Opening needs the same
 * associated data.
 */
public final class SealedPayload {

    private final String keyId;
    private final byte[] ciphertext;

    public SealedPayload(String keyId, byte[] ciphertext) {
        this.keyId = Objects.requireNonNull(keyId);
        this.ciphertext = ciphertext.clone();
    }

    public String keyId() {
        return keyId;
    }

    public byte[] ciphertext() {
        return ciphertext.clone();
    }
}
