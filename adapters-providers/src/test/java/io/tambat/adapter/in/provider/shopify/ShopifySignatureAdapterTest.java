package io.tambat.adapter.in.provider.shopify;

import static io.tambat.adapter.in.provider.TestSigning.base64;
import static io.tambat.adapter.in.provider.TestSigning.hmacSha256;
import static io.tambat.adapter.in.provider.TestSigning.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.in.provider.EventFixtures;
import io.tambat.adapter.in.provider.TestHeaders;
import io.tambat.adapter.in.provider.UntimedSignatureConformance;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShopifySignatureAdapterTest extends UntimedSignatureConformance {

    /**
     * An {@code orders/paid} body signed with Node's own HMAC and accepted by Shopify's official library
     * ({@code @shopify/shopify-api} 11.14.1, {@code shopify.webhooks.validate}) with this secret.
     */
    private static final String FIXTURE_SECRET = "tambat-shopify-fixture-secret";
    private static final String FIXTURE_SIGNATURE = "1+pLOiJ3/M97P9QgUECvpeiaYZ7H0iuSy8eWegDPRuU=";
    private static final String EVENT_ID = "98880550-7158-44d4-b7cd-2c97c8a091b5";
    private static final String WEBHOOK_ID = "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043";

    ShopifySignatureAdapterTest() {
        super(new ShopifySignatureAdapter(), "application/json");
    }

    @Override
    protected List<String> secrets() {
        return List.of(FIXTURE_SECRET, "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", "rotated-client-secret");
    }

    @Override
    protected List<String> garbageSecrets() {
        return List.of("");
    }

    @Override
    protected byte[] envelope(String eventId, String eventType, String note) {
        return utf8("{\"id\":450789469,\"note\":\"" + note + "\",\"updated_at\":\"2024-11-05T10:51:00+01:00\"}");
    }

    @Override
    protected Map<String, List<String>> headers(Message shown, Message signed, List<String> secrets) {
        return Map.of(
                "Content-Type", List.of("application/json"),
                "X-Shopify-Event-Id", List.of(shown.eventId()),
                "X-Shopify-Topic", List.of(shown.eventType()),
                "X-Shopify-Hmac-Sha256", secrets.stream()
                        .map(secret -> base64(hmacSha256(utf8(secret), signed.body())))
                        .toList());
    }

    @Override
    protected String signatureHeader() {
        return "X-Shopify-Hmac-Sha256";
    }

    @Override
    protected List<String> malformedSignatureHeaders() {
        return List.of(
                "",
                "sha256=" + FIXTURE_SIGNATURE,
                FIXTURE_SIGNATURE.substring(0, 40),
                FIXTURE_SIGNATURE + "AAAA",
                FIXTURE_SIGNATURE.replace('+', '-').replace('/', '_'),
                "d7ea4b3a2277fccf7b3fd4205040afa5e89a619ec7d22b92cbc7967a00cf46e5",
                FIXTURE_SIGNATURE + " ",
                FIXTURE_SIGNATURE.replace("=", "") + "!");
    }

    private static RawDelivery orderPaid(byte[] body, String signature, String... extraHeaders) {
        String[] usual = {"Content-Type", "application/json", "X-Shopify-Topic", "orders/paid",
                "X-Shopify-Event-Id", EVENT_ID, "X-Shopify-Webhook-Id", WEBHOOK_ID,
                "X-Shopify-Shop-Domain", "tambat-test.myshopify.com", "X-Shopify-Hmac-Sha256", signature};
        return new RawDelivery(body, TestHeaders.of(usual, extraHeaders), Optional.empty());
    }

    private static byte[] orderPaidBody() {
        return EventFixtures.read("shopify", "orders.paid.json");
    }

    @Test
    void verifiesTheSignatureShopifysOwnLibraryAcceptsAndRejectsEachMutation() {
        byte[] body = orderPaidBody();
        assertThat(verifies(orderPaid(body, FIXTURE_SIGNATURE), FIXTURE_SECRET)).isTrue();
        assertThat(verifies(orderPaid(body, FIXTURE_SIGNATURE), "tambat-shopify-fixture-secreT")).isFalse();
        String text = new String(body, StandardCharsets.UTF_8);
        assertThat(text).contains("\\u00e9");
        for (String mutated : List.of(
                text.replace("\\u00e9", "é"),
                text.replace("\"paid\"", "\"refunded\""),
                text.replace("403.00", "403.0"),
                text.replace(",\"currency\"", ", \"currency\""),
                text + "\n")) {
            assertThat(verifies(orderPaid(utf8(mutated), FIXTURE_SIGNATURE), FIXTURE_SECRET)).isFalse();
        }
    }

    @Test
    void readsTheSignatureHeaderWhateverTheCaseOfItsName() {
        RawDelivery delivery = new RawDelivery(orderPaidBody(), Headers.of("Content-Type", "application/json",
                "X-Shopify-Topic", "orders/paid", "X-Shopify-Event-Id", EVENT_ID,
                "X-Shopify-Hmac-SHA256", FIXTURE_SIGNATURE), Optional.empty());
        assertThat(verifies(delivery, FIXTURE_SECRET)).isTrue();
    }

    @Test
    void readsNeitherTheUnprefixedHeadersOfShopifysNewerSubscriptions() {
        RawDelivery delivery = new RawDelivery(orderPaidBody(), Headers.of("Content-Type", "application/json",
                "X-Shopify-Topic", "orders/paid", "Shopify-Webhook-Id", WEBHOOK_ID,
                "Shopify-Hmac-Sha256", FIXTURE_SIGNATURE), Optional.empty());
        assertRejected(() -> adapter.readSignature(delivery), Rejection.SIGNATURE_MISSING);
        assertRejected(() -> adapter.readEvents(delivery), Rejection.MALFORMED_ENVELOPE);
    }

    @Test
    void readsTheEventIdTheTopicAndTheOrderItsVersionFromTheSignedBody() {
        assertThat(adapter.readEvents(orderPaid(orderPaidBody(), FIXTURE_SIGNATURE))).singleElement()
                .satisfies(event -> {
                    assertThat(event.providerEventId()).isEqualTo(EVENT_ID);
                    assertThat(event.eventType()).isEqualTo("orders/paid");
                    assertThat(event.objectId()).contains("820982911946154508");
                    // 2024-11-05T10:51:00+01:00
                    assertThat(event.objectVersion()).contains(1_730_800_260_000L);
                    assertThat(event.providerCreatedAt()).isEmpty();
                });
    }

    @Test
    void fallsBackToTheWebhookIdWhenNoEventIdIsSent() {
        RawDelivery delivery = new RawDelivery(orderPaidBody(), Headers.of("Content-Type", "application/json",
                "X-Shopify-Topic", "orders/paid", "X-Shopify-Webhook-Id", WEBHOOK_ID,
                "X-Shopify-Hmac-Sha256", FIXTURE_SIGNATURE), Optional.empty());
        assertThat(adapter.readEvents(delivery)).singleElement()
                .satisfies(event -> assertThat(event.providerEventId()).isEqualTo(WEBHOOK_ID));
    }

    @Test
    void refusesADeliveryWithNeitherIdOrWithoutATopic() {
        RawDelivery noId = new RawDelivery(orderPaidBody(), Headers.of("Content-Type", "application/json",
                "X-Shopify-Topic", "orders/paid", "X-Shopify-Hmac-Sha256", FIXTURE_SIGNATURE), Optional.empty());
        assertRejected(() -> adapter.readEvents(noId), Rejection.MALFORMED_ENVELOPE);
        RawDelivery noTopic = new RawDelivery(orderPaidBody(), Headers.of("Content-Type", "application/json",
                "X-Shopify-Event-Id", EVENT_ID, "X-Shopify-Hmac-Sha256", FIXTURE_SIGNATURE), Optional.empty());
        assertRejected(() -> adapter.readEvents(noTopic), Rejection.MALFORMED_ENVELOPE);
        assertRejected(() -> adapter.readEvents(orderPaid(orderPaidBody(), FIXTURE_SIGNATURE,
                "X-Shopify-Topic", "orders/cancelled")), Rejection.MALFORMED_ENVELOPE);
    }

    @Test
    void recordsAnOrderFieldOfAnotherTypeAsAbsentForProcessingToFail() {
        byte[] body = utf8("{\"id\":{\"nested\":1},\"financial_status\":\"paid\",\"updated_at\":\"yesterday\"}");
        assertThat(adapter.readEvents(orderPaid(body, base64(hmacSha256(utf8(FIXTURE_SECRET), body)))))
                .singleElement().satisfies(event -> {
                    assertThat(event.objectId()).isEmpty();
                    assertThat(event.objectVersion()).isEmpty();
                });
    }

    @Test
    void recordsNoObjectForATopicOtherThanAnOrders() {
        byte[] body = utf8("{\"id\":632910392,\"title\":\"IPod Nano\",\"updated_at\":\"2024-11-05T10:51:00+01:00\"}");
        RawDelivery productUpdate = new RawDelivery(body, Headers.of("Content-Type", "application/json",
                "X-Shopify-Topic", "products/update", "X-Shopify-Event-Id", EVENT_ID), Optional.empty());
        assertThat(adapter.readEvents(productUpdate)).singleElement().satisfies(event -> {
            assertThat(event.eventType()).isEqualTo("products/update");
            assertThat(event.objectId()).isEmpty();
            assertThat(event.objectVersion()).isEmpty();
        });
    }

    @Test
    void refusesABodyThatIsNotAJsonObjectWhateverTheTopic() {
        for (String topic : List.of("orders/paid", "products/update")) {
            RawDelivery delivery = new RawDelivery(utf8("[1,2]"), Headers.of("Content-Type", "application/json",
                    "X-Shopify-Topic", topic, "X-Shopify-Event-Id", EVENT_ID), Optional.empty());
            assertRejected(() -> adapter.readEvents(delivery), Rejection.MALFORMED_ENVELOPE);
        }
    }
}
