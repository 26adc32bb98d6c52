package io.tambat.adapter.out.crypto;

import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.PayloadCipherPort;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * AES-256-GCM with a random 96-bit nonce per message, stored as {@code nonce || ciphertext || tag}. The JDK
 * does this well; only the framing is ours.
 */
public final class AesGcmPayloadCipher implements PayloadCipherPort {

    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";

    private final PayloadKeyRing keys;
    private final SecureRandom random = new SecureRandom();

    public AesGcmPayloadCipher(PayloadKeyRing keys) {
        this.keys = keys;
    }

    @Override
    public List<String> keyIds() {
        return keys.keyIds();
    }

    @Override
    public SealedPayload seal(byte[] plaintext, byte[] associatedData) {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, keys.current(), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(associatedData);
            byte[] sealed = cipher.doFinal(plaintext);
            return new SealedPayload(keys.currentKeyId(),
                    ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("payload encryption failed", e);
        }
    }

    @Override
    public byte[] open(SealedPayload sealed, byte[] associatedData) {
        byte[] framed = sealed.ciphertext();
        if (framed.length < NONCE_BYTES) {
            throw new IllegalStateException("sealed payload is truncated");
        }
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE,
                    keys.find(sealed.keyId()).orElseThrow(
                            () -> new IllegalStateException("payload key " + sealed.keyId() + " is not configured")),
                    new GCMParameterSpec(TAG_BITS, framed, 0, NONCE_BYTES));
            cipher.updateAAD(associatedData);
            return cipher.doFinal(framed, NONCE_BYTES, framed.length - NONCE_BYTES);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("sealed payload does not authenticate", e);
        }
    }
}
