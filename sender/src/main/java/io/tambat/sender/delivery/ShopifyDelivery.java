package io.tambat.sender.delivery;

import static io.tambat.sender.signing.JsonText.quote;

import io.tambat.sender.signing.ShopifySigner;
import java.util.Set;

/**
 * Shopify: an {@code orders/paid} delivery of one order, with the {@code id}, {@code financial_status} and
 * {@code updated_at} the receiver orders it by. The logical id is {@code X-Shopify-Event-Id}; another topic keeps
 * the order payload.
 */
final class ShopifyDelivery {

    private static final String DEFAULT_TOPIC = "orders/paid";

    static final ProviderDelivery DELIVERY = new ProviderDelivery("shopify", Set.of(Signed.BODY),
            LogicalIds::uuid, ShopifyDelivery::sample, ShopifyDelivery::signed);

    private ShopifyDelivery() {
    }

    private static WebhookRequest signed(Attempt attempt, Body body) {
        // Shopify keeps both ids on a retry; deriving the webhook id from the event id lets a resend repeat it.
        String webhookId = LogicalIds.derivedUuid("shopify-webhook", attempt.logicalId());
        return WebhookRequest.of(attempt.target(), body, ShopifySigner.headers(attempt.secret(),
                attempt.eventType().orElse(DEFAULT_TOPIC), attempt.logicalId(), webhookId, body.bytes()));
    }

    private static Body sample(Attempt attempt) {
        return Body.json("""
                {
                  "id": 820982911946154508,
                  "admin_graphql_api_id": "gid://shopify/Order/820982911946154508",
                  "name": "#1001",
                  "email": "jon@example.com",
                  "currency": "EUR",
                  "total_price": "20.00",
                  "financial_status": "paid",
                  "fulfillment_status": null,
                  "updated_at": %s
                }""".formatted(quote(attempt.isoSeconds())));
    }
}
