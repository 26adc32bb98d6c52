package io.tambat.domain.model.webhook;

import java.util.Objects;

/**
 * Encrypted bytes and the name of what sealed them: a configured key's id and, when the key was not used
 * directly, how ({@link io.tambat.domain.port.out.secrets.PayloadCipherPort#currentSealing()}). Opening needs the same
 * associated data.
 *
 * <p>The ciphertext is as large as the payload it seals and is handed from the cipher to the statement that
 * stores it (or from the row read to the cipher that opens it), so it is never copied: the array given to the
 * constructor is the one {@link #ciphertext()} returns. Nobody changes a ciphertext once sealed; whoever needs
 * an altered one builds it from a copy.
 */
public final class SealedPayload {

    private final String keyId;
    private final byte[] ciphertext;

    public SealedPayload(String keyId, byte[] ciphertext) {
        this.keyId = Objects.requireNonNull(keyId);
        this.ciphertext = Objects.requireNonNull(ciphertext);
    }

    public String keyId() {
        return keyId;
    }

    /** The ciphertext itself, not a copy: read it, never change it. */
    public byte[] ciphertext() {
        return ciphertext;
    }
}
