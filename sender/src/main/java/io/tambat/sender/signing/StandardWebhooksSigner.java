package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;

/**
 * Standard Webhooks (and Svix, GitLab's signing token): {@code webhook-id}, {@code webhook-timestamp} and
 * {@code webhook-signature} over {@code "<id>.<timestamp>.<raw body>"}. The secret's prefix picks the scheme:
 *
 * <ul>
 *   <li>{@code whsec_<base64>}: {@code v1,<base64 HMAC-SHA256>}, keyed with the <em>decoded</em> bytes, not the
 *       text;</li>
 *   <li>{@code whsk_<base64>}: {@code v1a,<base64 Ed25519 signature>} with the sender's private key, as its
 *       32-byte seed or libsodium's 64 bytes (seed, then public key). The receiver trusts the matching
 *       {@code whpk_} public key.</li>
 * </ul>
 */
public final class StandardWebhooksSigner {

    public static final String ID_HEADER = "webhook-id";
    public static final String TIMESTAMP_HEADER = "webhook-timestamp";
    public static final String SIGNATURE_HEADER = "webhook-signature";
    public static final String SYMMETRIC_PREFIX = "whsec_";
    public static final String PRIVATE_KEY_PREFIX = "whsk_";

    private static final int SEED_LENGTH = 32;
    private static final int LIBSODIUM_SECRET_KEY_LENGTH = 64;
    // The JDK imports a private key only as PKCS#8; for Ed25519 that is this fixed DER header (version 0,
    // algorithm 1.3.101.112, an OCTET STRING holding the 32-byte seed) followed by the seed.
    private static final byte[] PKCS8_PREFIX = HexFormat.of().parseHex("302e020100300506032b657004220420");

    private StandardWebhooksSigner() {
    }

    /** The headers of one attempt of message {@code messageId} signed at {@code unixSeconds}. */
    public static Map<String, String> headers(String secret, String messageId, long unixSeconds, byte[] body) {
        return OrderedHeaders.of(
                ID_HEADER, messageId,
                TIMESTAMP_HEADER, Long.toString(unixSeconds),
                SIGNATURE_HEADER, signature(secret, messageId, unixSeconds, body));
    }

    /**
     * One {@code webhook-signature} entry, {@code v1,...} or {@code v1a,...} by the secret's prefix. A header for
     * a rotation joins several with spaces.
     *
     * @throws IllegalArgumentException when the secret has neither prefix or its key does not decode
     */
    public static String signature(String secret, String messageId, long unixSeconds, byte[] body) {
        byte[] signed = concat((messageId + "." + unixSeconds + ".").getBytes(UTF_8), body);
        if (secret.startsWith(SYMMETRIC_PREFIX)) {
            byte[] key = base64(secret.substring(SYMMETRIC_PREFIX.length()));
            return "v1," + Base64.getEncoder().encodeToString(Hmac.sha256(key, signed));
        }
        if (secret.startsWith(PRIVATE_KEY_PREFIX)) {
            PrivateKey key = ed25519PrivateKey(base64(secret.substring(PRIVATE_KEY_PREFIX.length())));
            return "v1a," + Base64.getEncoder().encodeToString(ed25519(key, signed));
        }
        throw new IllegalArgumentException("a Standard Webhooks secret is " + SYMMETRIC_PREFIX
                + "<base64 key> or " + PRIVATE_KEY_PREFIX + "<base64 Ed25519 private key>");
    }

    private static byte[] base64(String text) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the key after the Standard Webhooks prefix is not base64", e);
        }
    }

    private static PrivateKey ed25519PrivateKey(byte[] key) {
        if (key.length != SEED_LENGTH && key.length != LIBSODIUM_SECRET_KEY_LENGTH) {
            throw new IllegalArgumentException("a " + PRIVATE_KEY_PREFIX + " key decodes to " + SEED_LENGTH
                    + " or " + LIBSODIUM_SECRET_KEY_LENGTH + " bytes");
        }
        byte[] seed = Arrays.copyOf(key, SEED_LENGTH);
        try {
            return KeyFactory.getInstance("Ed25519")
                    .generatePrivate(new PKCS8EncodedKeySpec(concat(PKCS8_PREFIX, seed)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 is not available", e);
        }
    }

    private static byte[] ed25519(PrivateKey key, byte[] message) {
        try {
            Signature signer = Signature.getInstance("Ed25519");
            signer.initSign(key);
            signer.update(message);
            return signer.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 is not available", e);
        }
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
