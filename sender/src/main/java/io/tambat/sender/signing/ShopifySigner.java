package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Base64;
import java.util.Map;

/**
 * Shopify: {@code X-Shopify-Hmac-Sha256}, the base64 HMAC-SHA256 of the raw body keyed with the app's UTF-8
 * client secret, next to the topic and the two ids a receiver deduplicates on. No timestamp is signed, and a
 * retry keeps both ids and the original payload.
 */
public final class ShopifySigner {

    public static final String TOPIC_HEADER = "X-Shopify-Topic";
    public static final String EVENT_ID_HEADER = "X-Shopify-Event-Id";
    public static final String WEBHOOK_ID_HEADER = "X-Shopify-Webhook-Id";
    public static final String SIGNATURE_HEADER = "X-Shopify-Hmac-Sha256";

    private ShopifySigner() {
    }

    /** The headers of one delivery of {@code topic} (for instance {@code orders/paid}). */
    public static Map<String, String> headers(String secret, String topic, String eventId, String webhookId,
            byte[] body) {
        return OrderedHeaders.of(
                TOPIC_HEADER, topic,
                EVENT_ID_HEADER, eventId,
                WEBHOOK_ID_HEADER, webhookId,
                SIGNATURE_HEADER, signature(secret, body));
    }

    /** The {@code X-Shopify-Hmac-Sha256} value. */
    public static String signature(String secret, byte[] body) {
        return Base64.getEncoder().encodeToString(Hmac.sha256(secret.getBytes(UTF_8), body));
    }
}
