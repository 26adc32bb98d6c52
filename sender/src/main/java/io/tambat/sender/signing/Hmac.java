package io.tambat.sender.signing;

import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC over a message given in parts, so that a signer never copies a body only to put a timestamp before it. */
final class Hmac {

    private Hmac() {
    }

    static byte[] sha256(byte[] key, byte[]... parts) {
        return compute("HmacSHA256", key, parts);
    }

    static byte[] sha1(byte[] key, byte[]... parts) {
        return compute("HmacSHA1", key, parts);
    }

    private static byte[] compute(String algorithm, byte[] key, byte[]... parts) {
        // The JDK would refuse an empty key too, with a message that does not say which input was wrong.
        if (key.length == 0) {
            throw new IllegalArgumentException("the secret must not be empty");
        }
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(key, algorithm));
            for (byte[] part : parts) {
                mac.update(part);
            }
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            // Every JDK ships both algorithms; failing here means a broken runtime, not a bad input.
            throw new IllegalStateException(algorithm + " is not available", e);
        }
    }
}
