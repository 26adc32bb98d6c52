package io.tambat.adapter.in.provider.support.crypto;

import io.tambat.provider.spi.SecretVersion;
import io.tambat.provider.spi.SignatureCheck;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The checks of providers that key an HMAC with the secret's UTF-8 bytes as they are, unlike Standard Webhooks'
 * base64 secrets: HMAC-SHA256 (GitHub, Shopify, Stripe, Paddle) and HMAC-SHA1 (Twilio). Each adapter decodes its
 * own header and builds its own message.
 */
public final class Utf8SecretHmac {

    /** The length of an HMAC-SHA256, in bytes. */
    public static final int SHA256_LENGTH = 32;

    /** The length of an HMAC-SHA1, in bytes. */
    public static final int SHA1_LENGTH = 20;

    private Utf8SecretHmac() {
    }

    /**
     * Refuses a secret that cannot key such an HMAC: any non-empty string can.
     *
     * @param name what the provider calls the secret, e.g. {@code a Slack signing secret}
     * @throws IllegalArgumentException naming it, never quoting it
     */
    public static void requireUsableSecret(String secret, String name) {
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
    }

    /** The secret signed the message if its HMAC-SHA256 equals any of the candidates the delivery offers. */
    public static SignatureCheck sha256(byte[] signedMessage, List<byte[]> candidates) {
        return secret -> ConstantTime.anyEquals(Hmac.sha256(key(secret), signedMessage), candidates);
    }

    /** The same, for a provider that signs the body behind a prefix of header values. */
    public static SignatureCheck sha256(SignedMessage signedMessage, List<byte[]> candidates) {
        return secret -> ConstantTime.anyEquals(Hmac.sha256(key(secret), signedMessage), candidates);
    }

    /**
     * The secret signed the delivery if its HMAC-SHA1 of any of the messages equals the one signature sent: for a
     * provider whose signed message has several equivalent spellings and whose verifiers accept each (Twilio's
     * URL, with or without its port). Every message's HMAC is computed and compared, even after a match.
     */
    public static SignatureCheck sha1OfAny(List<SignedMessage> signedMessages, byte[] signature) {
        return secret -> {
            byte[] key = key(secret);
            return ConstantTime.anyEquals(signature,
                    signedMessages.stream().map(message -> Hmac.sha1(key, message)).toList());
        };
    }

    private static byte[] key(SecretVersion secret) {
        return secret.secret().getBytes(StandardCharsets.UTF_8);
    }
}
