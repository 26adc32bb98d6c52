package io.tambat.adapter.out.crypto;

import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF-SHA256 (RFC 5869) of one 32-byte key from a payload key: for each sealed row, with the row's random salt,
 * and for payload digests. The JDK has HMAC-SHA256 but no HKDF; a 32-byte output is one extract and one expand
 * block, so it is written here rather than brought in with a cryptography provider.
 */
final class Hkdf {

    private static final String HMAC = "HmacSHA256";

    private Hkdf() {
    }

    /**
     * @param info binds the key to its use: the same payload key and salt derive another key for anything else
     */
    static SecretKey derive(SecretKey payloadKey, byte[] salt, byte[] info, String algorithm) {
        return new SecretKeySpec(expand(extract(salt, payloadKey.getEncoded()), info), algorithm);
    }

    /** RFC 5869 section 2.2: the pseudorandom key, HMAC(salt, input key material); no salt is 32 zero bytes. */
    static byte[] extract(byte[] salt, byte[] inputKeyMaterial) {
        return hmac(salt.length == 0 ? new byte[32] : salt, inputKeyMaterial);
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
