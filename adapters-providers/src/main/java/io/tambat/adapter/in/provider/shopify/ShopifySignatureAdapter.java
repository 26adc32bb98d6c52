package io.tambat.adapter.in.provider.shopify;

import io.tambat.adapter.in.provider.support.DeclaredProviderAdapter;
import io.tambat.adapter.in.provider.support.crypto.StrictDecoding;
import io.tambat.adapter.in.provider.support.crypto.Utf8SecretHmac;
import io.tambat.adapter.in.provider.support.header.SingleHeader;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.in.provider.support.ingress.WebhookEvents;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Shopify webhooks (app and shop subscriptions).
 *
 * <ul>
 *   <li><b>Logical event id:</b> {@code X-Shopify-Event-Id}, which Shopify documents as the same across every
 *       webhook of one event, else {@code X-Shopify-Webhook-Id}. Neither is signed: Shopify signs the body
 *       only, so a forged id can at worst store a genuine payload a second time, never inject content.</li>
 *   <li><b>Attempt timestamp:</b> none. {@code X-Shopify-Triggered-At} is not signed, so there is no
 *       tolerance and an authentic delivery can be replayed verbatim, as with GitHub; deduplication on the
 *       event id is the only replay defence.</li>
 *   <li><b>Signature:</b> {@code X-Shopify-Hmac-Sha256}: base64 HMAC-SHA256 of the raw body keyed with the
 *       app's client secret as UTF-8. One signature per delivery: after a secret rotation Shopify may go on
 *       signing with the old secret for up to an hour, so both versions stay trusted meanwhile.</li>
 *   <li><b>Redelivery:</b> up to eight retries over four hours with the original payload, the same ids and,
 *       since body and secret are unchanged, the same signature.</li>
 *   <li><b>Envelope:</b> {@code X-Shopify-Topic} is the event type; the body is the resource itself, a JSON
 *       object. For {@code orders/*} topics the order's {@code id} and {@code updated_at} are recorded as the
 *       object and its version ({@link ShopifyOrderFields}); a value of another type is recorded as absent, and
 *       processing fails the event. Shop domain and API version headers are unsigned and not read.</li>
 * </ul>
 */
public final class ShopifySignatureAdapter extends DeclaredProviderAdapter {

    static final String SIGNATURE_HEADER = "X-Shopify-Hmac-Sha256";
    static final String TOPIC_HEADER = "X-Shopify-Topic";
    private static final String[] ID_HEADERS = {"X-Shopify-Event-Id", "X-Shopify-Webhook-Id"};

    /** Tolerance zero: Shopify signs no timestamp, so the pipeline never applies one to its deliveries. */
    public ShopifySignatureAdapter() {
        super("shopify", Duration.ZERO, "application/json");
    }

    @Override
    public void validateSecret(String secret) {
        Utf8SecretHmac.requireUsableSecret(secret, "a Shopify client secret");
    }

    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        String value = SingleHeader.required(delivery.headers(), SIGNATURE_HEADER, Rejection.SIGNATURE_MISSING);
        byte[] signature = StrictDecoding.base64(value, Utf8SecretHmac.SHA256_LENGTH)
                .orElseThrow(() -> Rejections.signatureMissing(
                        SIGNATURE_HEADER + " header is not the base64 of 32 bytes"));
        return SignedDelivery.of(Utf8SecretHmac.sha256(delivery.body(), List.of(signature)), Optional.empty());
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        Headers headers = delivery.headers();
        String eventId = SingleHeader.firstPresent(headers, Rejection.MALFORMED_ENVELOPE, ID_HEADERS)
                .orElseThrow(() -> Rejections.malformedEnvelope(ID_HEADERS[0] + " and " + ID_HEADERS[1]
                        + " headers are missing"));
        String topic = SingleHeader.required(headers, TOPIC_HEADER, Rejection.MALFORMED_ENVELOPE);
        if (!ShopifyOrderFields.isOrderTopic(topic)) {
            JsonBodies.parseObject(delivery.body());
            return List.of(WebhookEvents.of(eventId, topic, Optional.empty(), Optional.empty(), Optional.empty()));
        }
        JsonObject order = JsonBodies.parseObject(delivery.body(), ShopifyOrderFields.READ);
        return List.of(WebhookEvents.of(eventId, topic, JsonFields.lenientId(order, ShopifyOrderFields.ID),
                ShopifyOrderFields.lenientVersion(order), Optional.empty()));
    }
}
