package io.tambat.domain.port.out.secrets;

import io.tambat.domain.model.webhook.SealedPayload;
import java.util.List;

/**
 * Authenticated encryption of raw payloads and secrets at rest. The associated data binds a ciphertext to
 * its row: opening it with other associated data fails. Thread-safe.
 */
public interface PayloadCipherPort {

    /** The configured key ids, the current one (which seals) first. */
    List<String> keyIds();

    /**
     * What a ciphertext sealed now names: the current key and how it is used. A stored ciphertext that names
     * anything else is re-sealed by a rotation.
     */
    String currentSealing();

    /** Encrypts with the current key; the result names it as {@link #currentSealing()} does. */
    SealedPayload seal(byte[] plaintext, byte[] associatedData);

    /**
     * Decrypts with the key the payload names.
     *
     * @throws IllegalStateException when the key is unknown or the ciphertext or associated data were altered
     */
    byte[] open(SealedPayload sealed, byte[] associatedData);
}
