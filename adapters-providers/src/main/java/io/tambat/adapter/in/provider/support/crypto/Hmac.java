package io.tambat.adapter.in.provider.support.crypto;

import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC over raw bytes. A fresh {@link Mac} per call, because {@code Mac} instances are not thread-safe. */
public final class Hmac {

    private static final byte[] NOTHING = new byte[0];

    private Hmac() {
    }

    /**
     * HMAC-SHA256 of the message.
     *
     * @throws IllegalArgumentException when the key is empty (no HMAC can be keyed with zero bytes)
     */
    public static byte[] sha256(byte[] key, byte[] message) {
        return compute("HmacSHA256", key, NOTHING, message);
    }

    /**
     * HMAC-SHA256 of a prefixed message, fed in its two parts.
     *
     * @throws IllegalArgumentException when the key is empty
     */
    public static byte[] sha256(byte[] key, SignedMessage message) {
        return compute("HmacSHA256", key, message.head(), message.body());
    }

    /**
     * HMAC-SHA1 of a prefixed message, for providers that still sign with it (Twilio).
     *
     * @throws IllegalArgumentException when the key is empty
     */
    public static byte[] sha1(byte[] key, SignedMessage message) {
        return compute("HmacSHA1", key, message.head(), message.body());
    }

    private static byte[] compute(String algorithm, byte[] key, byte[] head, byte[] body) {
        if (key.length == 0) {
            throw new IllegalArgumentException("an HMAC key must not be empty");
        }
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(key, algorithm));
            mac.update(head);
            return mac.doFinal(body);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            // Every Java SE runtime ships both algorithms and accepts any non-empty raw key.
            throw new IllegalStateException(algorithm + " is not available", e);
        }
    }
}
