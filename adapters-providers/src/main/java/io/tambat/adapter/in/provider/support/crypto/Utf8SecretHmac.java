package io.tambat.adapter.in.provider.support.crypto;

import io.tambat.domain.model.webhook.SignatureCheck;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The check of providers that key an HMAC-SHA256 with the secret's UTF-8 bytes as they are (GitHub, Shopify,
 * Stripe, Paddle), unlike Standard Webhooks' base64 secrets: the secret signed the message if its HMAC equals any
 * of the candidates the delivery offers. Each adapter decodes its own header and builds its own message.
 */
public final class Utf8SecretHmac {

    /** The length of an HMAC-SHA256, in bytes. */
    public static final int SHA256_LENGTH = 32;

    private Utf8SecretHmac() {
    }

    public static SignatureCheck sha256(byte[] signedMessage, List<byte[]> candidates) {
        return secret -> ConstantTime.anyEquals(
                Hmac.sha256(secret.secret().getBytes(StandardCharsets.UTF_8), signedMessage), candidates);
    }
}
