package io.tambat.it.webhook;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static io.tambat.it.webhook.StoredOnceAssertions.assertAcceptedThenDuplicate;
import static io.tambat.it.webhook.StoredOnceAssertions.assertStoredOnceThenProcessed;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.sender.signing.ShopifySigner;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Shopify deliveries through the deployed server, from raw bytes to the order's payment state: a body signed as
 * Shopify's own library accepts it, a retry that Shopify sends with the same event id, a tampered body, and
 * order versions delivered out of order.
 */
class ShopifyDeliveriesIT extends DeployedTambatTest {

    private static final String ENDPOINT = "shop-main";
    private static final String SECRET = "tambat-shopify-fixture-secret";
    /** The signature of {@code shopify/orders.paid.json} that {@code @shopify/shopify-api} 11.14.1 accepted. */
    private static final String FIXTURE_SIGNATURE = "1+pLOiJ3/M97P9QgUECvpeiaYZ7H0iuSy8eWegDPRuU=";
    private static final Duration CONVERGENCE = Duration.ofSeconds(30);

    @Test
    void storesTheOfficialLibrarysFixtureOnceAndProcessesItIntoTheOrdersPaymentState() {
        byte[] body = fixture();
        String eventId = UUID.randomUUID().toString();

        HttpResponse<String> first = send(body, FIXTURE_SIGNATURE, "orders/paid", eventId, UUID.randomUUID());
        HttpResponse<String> retry = send(body, FIXTURE_SIGNATURE, "orders/paid", eventId, UUID.randomUUID());

        assertAcceptedThenDuplicate(first, retry);
        assertThat(Http.json(retry).getString("inbox_id")).isEqualTo(Http.json(first).getString("inbox_id"));
        assertStoredOnceThenProcessed(db, "shopify", ENDPOINT, eventId, CONVERGENCE);
        JsonObject order = objectState("820982911946154508");
        assertThat(order.getString("state")).isEqualTo("paid");
        assertThat(order.getJsonNumber("version").longValue()).isEqualTo(1_730_800_260_000L);
    }

    @Test
    void refusesATamperedBodyAndStoresNothing() {
        String tampered = new String(fixture(), StandardCharsets.UTF_8).replace("\"paid\"", "\"refunded\"");
        String eventId = UUID.randomUUID().toString();

        HttpResponse<String> response = send(tampered.getBytes(StandardCharsets.UTF_8), FIXTURE_SIGNATURE,
                "orders/paid", eventId, UUID.randomUUID());

        assertProblem(response, 401, "signature_invalid");
        assertThat(response.body()).doesNotContain(FIXTURE_SIGNATURE).doesNotContain(SECRET);
        assertThat(db.inboxRows("shopify", ENDPOINT, eventId)).isZero();
    }

    @Test
    void anOlderOrderVersionArrivingLateLeavesTheNewerPaymentState() {
        String orderId = String.valueOf(Math.abs(UUID.randomUUID().getMostSignificantBits()));
        String refunded = deliver(order(orderId, "refunded", "2024-11-05T11:00:00Z"), "orders/updated");
        Eventually.within(CONVERGENCE, () -> assertThat(status(refunded)).isEqualTo("PROCESSED"));
        String paid = deliver(order(orderId, "paid", "2024-11-05T10:51:00+01:00"), "orders/paid");
        Eventually.within(CONVERGENCE, () -> assertThat(status(paid)).isEqualTo("PROCESSED"));

        JsonObject state = objectState(orderId);
        assertThat(state.getString("state")).isEqualTo("refunded");
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", orderId)).isEqualTo(1);
    }

    private static byte[] fixture() {
        try (InputStream in = ShopifyDeliveriesIT.class.getResourceAsStream("/shopify/orders.paid.json")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] order(String id, String financialStatus, String updatedAt) {
        return ("{\"id\":" + id + ",\"financial_status\":\"" + financialStatus + "\",\"updated_at\":\"" + updatedAt
                + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    /** Sends a signed order and returns its event id once it was accepted. */
    private static String deliver(byte[] body, String topic) {
        String eventId = UUID.randomUUID().toString();
        HttpResponse<String> response = send(body, ShopifySigner.signature(SECRET, body), topic, eventId,
                UUID.randomUUID());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return eventId;
    }

    private static HttpResponse<String> send(byte[] body, String signature, String topic, String eventId,
            UUID webhookId) {
        return Http.post(ArquillianServer.baseUri().resolve("webhooks/shopify/" + ENDPOINT), body, "Content-Type", "application/json",
                "X-Shopify-Topic", topic, "X-Shopify-Event-Id", eventId, "X-Shopify-Webhook-Id",
                webhookId.toString(), "X-Shopify-Shop-Domain", "tambat-test.myshopify.com",
                "X-Shopify-Hmac-Sha256", signature);
    }

    private String status(String eventId) {
        return db.inboxStatus("shopify", ENDPOINT, eventId);
    }

    private static JsonObject objectState(String orderId) {
        return new AdminClient(ArquillianServer.baseUri()).objectState("shopify", "payment", orderId);
    }
}
