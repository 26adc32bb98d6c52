package io.tambat.adapter.out.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF-SHA256 (RFC 5869) of one AES-256 key for one sealed row, from a payload key and the row's random salt.
 * The JDK has HMAC-SHA256 but no HKDF; a 32-byte output is one extract and one expand block, so it is written
 * here rather than brought in with a cryptography provider.
 */
final class RowKeyDerivation {

    /** Binds derived keys to their use: the same payload key and salt derive another key for anything else. */
    private static final byte[] INFO = "tambat row key v1".getBytes(StandardCharsets.US_ASCII);
    private static final String HMAC = "HmacSHA256";

    private RowKeyDerivation() {
    }

    static SecretKey derive(SecretKey payloadKey, byte[] salt) {
        return new SecretKeySpec(expand(extract(salt, payloadKey.getEncoded()), INFO), "AES");
    }

    /** RFC 5869 section 2.2: the pseudorandom key, HMAC(salt, input key material). */
    static byte[] extract(byte[] salt, byte[] inputKeyMaterial) {
        return hmac(salt, inputKeyMaterial);
    }

    /** RFC 5869 section 2.3 for 32 bytes of output, its first block: HMAC(prk, info || 0x01). */
    static byte[] expand(byte[] pseudorandomKey, byte[] info) {
        byte[] block = new byte[info.length + 1];
        System.arraycopy(info, 0, block, 0, info.length);
        block[info.length] = 1;
        return hmac(pseudorandomKey, block);
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable", e);
        }
    }
}
