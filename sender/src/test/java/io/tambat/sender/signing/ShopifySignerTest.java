package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ShopifySignerTest {

    // Shopify publishes no vector, but its HMAC is GitHub's over the same bytes, in base64: vector G1 serves.
    private static final String SECRET = "It's a Secret to Everybody";
    private static final byte[] BODY = "Hello, World!".getBytes(UTF_8);
    private static final String G1_BASE64 = Base64.getEncoder().encodeToString(
            HexFormat.of().parseHex("757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"));

    @Test
    void signsTheBodyAsGitHubsPublishedVectorSaysInBase64() {
        assertThat(ShopifySigner.signature(SECRET, BODY)).isEqualTo(G1_BASE64);
    }

    @Test
    void sendsTheTopicAndBothIdsWithTheSignature() {
        assertThat(ShopifySigner.headers(SECRET, "orders/paid", "event-1", "webhook-1", BODY)).containsExactly(
                entry("X-Shopify-Topic", "orders/paid"),
                entry("X-Shopify-Event-Id", "event-1"),
                entry("X-Shopify-Webhook-Id", "webhook-1"),
                entry("X-Shopify-Hmac-Sha256", G1_BASE64));
    }
}
