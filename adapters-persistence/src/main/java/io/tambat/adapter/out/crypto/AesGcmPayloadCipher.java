package io.tambat.adapter.out.crypto;

import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * AES-256-GCM, each ciphertext under a key of its own: HKDF-SHA256 ({@link Hkdf}) of the current
 * payload key and a random 256-bit salt, stored as {@code salt || nonce || ciphertext || tag} and named
 * {@code <key id>/row}. NIST SP 800-38D allows a key 2^32 encryptions with random nonces, which one payload key
 * used directly would reach in about 25 days at 2,000 deliveries a second; a derived key seals one row, so a
 * payload key seals any number. Ciphertexts sealed under the payload key itself (named {@code <key id>},
 * stored as {@code nonce || ciphertext || tag}) still open, and a re-seal moves them. While instances of a
 * release that cannot open derived keys still run beside this one (a rolling upgrade), it seals as they did
 * ({@code rowKeys} off), and reads both. The JDK does the cryptography; only the framing is ours.
 */
public final class AesGcmPayloadCipher implements PayloadCipherPort {

    /** Ends the name of a ciphertext sealed under a derived key; no key id contains it. */
    public static final String ROW_KEY_SUFFIX = "/row";

    /** Binds a derived key to sealing one row. */
    private static final byte[] ROW_KEY = "tambat row key v1".getBytes(StandardCharsets.US_ASCII);
    private static final int SALT_BYTES = 32;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final String TRANSFORMATION = "AES/GCM/NoPadding";

    private final PayloadKeyRing keys;
    private final boolean rowKeys;
    private final SecureRandom random = new SecureRandom();

    /** @param rowKeys whether each ciphertext is sealed under a key of its own, or under the payload key itself */
    public AesGcmPayloadCipher(PayloadKeyRing keys, boolean rowKeys) {
        this.keys = keys;
        this.rowKeys = rowKeys;
    }

    @Override
    public List<String> keyIds() {
        return keys.keyIds();
    }

    @Override
    public String currentSealing() {
        return rowKeys ? keys.currentKeyId() + ROW_KEY_SUFFIX : keys.currentKeyId();
    }

    @Override
    public SealedPayload seal(byte[] plaintext, byte[] associatedData) {
        int nonceAt = rowKeys ? SALT_BYTES : 0;
        byte[] saltAndNonce = new byte[nonceAt + NONCE_BYTES];
        random.nextBytes(saltAndNonce);
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, rowKeys ? rowKey(keys.current(), salt(saltAndNonce)) : keys.current(),
                    new GCMParameterSpec(TAG_BITS, saltAndNonce, nonceAt, NONCE_BYTES));
            cipher.updateAAD(associatedData);
            byte[] framed = new byte[saltAndNonce.length + cipher.getOutputSize(plaintext.length)];
            System.arraycopy(saltAndNonce, 0, framed, 0, saltAndNonce.length);
            cipher.doFinal(plaintext, 0, plaintext.length, framed, saltAndNonce.length);
            return new SealedPayload(currentSealing(), framed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("payload encryption failed", e);
        }
    }

    /** The configured key a ciphertext's name refers to, however it was used. */
    public static String keyIdOf(String sealing) {
        return sealing.endsWith(ROW_KEY_SUFFIX) ? sealing.substring(0, sealing.length() - ROW_KEY_SUFFIX.length())
                : sealing;
    }

    @Override
    public byte[] open(SealedPayload sealed, byte[] associatedData) {
        boolean rowKey = sealed.keyId().endsWith(ROW_KEY_SUFFIX);
        String keyId = keyIdOf(sealed.keyId());
        SecretKey payloadKey = keys.find(keyId).orElseThrow(
                () -> new IllegalStateException("payload key " + keyId + " is not configured"));
        byte[] framed = sealed.ciphertext();
        int nonceAt = rowKey ? SALT_BYTES : 0;
        if (framed.length < nonceAt + NONCE_BYTES) {
            throw new IllegalStateException("sealed payload is truncated");
        }
        try {
            SecretKey key = rowKey ? rowKey(payloadKey, salt(framed)) : payloadKey;
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, framed, nonceAt, NONCE_BYTES));
            cipher.updateAAD(associatedData);
            int sealedAt = nonceAt + NONCE_BYTES;
            return cipher.doFinal(framed, sealedAt, framed.length - sealedAt);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("sealed payload does not authenticate", e);
        }
    }

    static SecretKey rowKey(SecretKey payloadKey, byte[] salt) {
        return Hkdf.derive(payloadKey, salt, ROW_KEY, "AES");
    }

    /** The salt a frame of a derived key starts with. */
    private static byte[] salt(byte[] framed) {
        return Arrays.copyOf(framed, SALT_BYTES);
    }
}
