package io.tambat.it.order;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.PaymentsAndInventory;
import io.tambat.it.support.ServerWithWireMock;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * OrderCreated reaches payments and inventory (WireMock) after the commit, each with the idempotency key
 * derived from the order id; a timeout after the remote applied the charge is retried with the same key,
 * and a notification delivered twice does not charge twice.
 */
class OrderDeliveryIT {

    private static final String SCHEMA = "tambat_order_delivery";
    private static final Duration CONVERGENCE = Duration.ofSeconds(60);

    /** The server, and the payment and inventory services as WireMock. */
    @RegisterExtension
    static final ServerWithWireMock server = new ServerWithWireMock("order-delivery", SCHEMA, Duration.ofSeconds(90),
            servicesUrl -> PaymentsAndInventory.settings(servicesUrl, servicesUrl + "/", Map.of()))
            .stubbing(PaymentsAndInventory::acceptEveryCall);

    private final TestDatabase db = new TestDatabase(SCHEMA);

    @Test
    void chargesAndReservesOnceWithKeysDerivedFromTheOrder() {
        String orderId = placeOrder();

        Eventually.within(CONVERGENCE, () -> assertThat(delivered(orderId)).isTrue());
        List<LoggedRequest> charges = requests("/charges", orderId);
        assertThat(charges).hasSize(1);
        assertThat(charges.get(0).getHeader("Idempotency-Key")).isEqualTo("order-" + orderId + "-charge");
        assertThat(charges.get(0).getBodyAsString()).contains("\"amount_minor\":2500").contains("\"currency\":\"EUR\"");
        List<LoggedRequest> reservations = requests("/reservations", orderId);
        assertThat(reservations).hasSize(1);
        assertThat(reservations.get(0).getHeader("Idempotency-Key")).isEqualTo("order-" + orderId + "-reserve");
    }

    @Test
    void retriesAChargeThatTimedOutAfterTheRemoteAppliedItWithTheSameKey() {
        String checkout = "chk_slow_" + UUID.randomUUID().toString().replace("-", "");
        // The payment service applies the first charge but answers too late; later calls answer at once.
        server.wireMock().stubFor(post(urlEqualTo("/charges")).atPriority(1)
                .withRequestBody(matchingJsonPath("$.amount_minor", equalTo("3750")))
                .inScenario(checkout).whenScenarioStateIs(Scenario.STARTED)
                .willReturn(aResponse().withStatus(201).withFixedDelay(3000)).willSetStateTo("applied"));
        server.wireMock().stubFor(post(urlEqualTo("/charges")).atPriority(1)
                .withRequestBody(matchingJsonPath("$.amount_minor", equalTo("3750")))
                .inScenario(checkout).whenScenarioStateIs("applied")
                .willReturn(aResponse().withStatus(200)));
        String orderId = placeOrder(3, checkout);

        Eventually.within(CONVERGENCE, () -> assertThat(delivered(orderId)).isTrue());
        List<LoggedRequest> charges = requests("/charges", orderId);
        assertThat(charges).hasSizeGreaterThanOrEqualTo(2);
        assertThat(charges).extracting(request -> request.getHeader("Idempotency-Key"))
                .containsOnly("order-" + orderId + "-charge");
        assertThat(db.rows("SELECT last_error FROM order_outbox WHERE order_id = CAST(? AS uuid)", orderId).get(0)
                .get("last_error")).asString().contains("payments");
    }

    @Test
    void aNotificationDeliveredTwiceDoesNotChargeTwice() {
        String orderId = placeOrder();
        Eventually.within(CONVERGENCE, () -> assertThat(delivered(orderId)).isTrue());

        db.count("WITH again AS (UPDATE order_outbox SET published_at = NULL, next_attempt_at = now() "
                + "WHERE order_id = CAST(? AS uuid) RETURNING 1) SELECT count(*) FROM again", orderId);
        Eventually.within(CONVERGENCE, () -> assertThat(delivered(orderId)).isTrue());

        assertThat(requests("/charges", orderId)).hasSize(1);
        assertThat(requests("/reservations", orderId)).hasSize(1);
        assertThat(db.count("SELECT attempt_count FROM order_outbox WHERE order_id = CAST(? AS uuid)", orderId))
                .isEqualTo(2);
    }

    @Test
    void aRefusedDeliveryEndsFailedVisibleToOperatorsAndIsRedrivenWithTheSameKeys() {
        StubMapping refusal = server.wireMock().stubFor(post(urlEqualTo("/charges")).atPriority(1)
                .withRequestBody(matchingJsonPath("$.amount_minor", equalTo("5000")))
                .willReturn(aResponse().withStatus(402)));
        String orderId = placeOrder(4, OrderRequests.checkout());
        AdminClient admin = server.admin();

        Eventually.within(CONVERGENCE, () -> assertThat(Http.json(admin.get("admin/order-deliveries?status=FAILED"))
                .getJsonArray("items").getValuesAs(JsonObject.class))
                .anySatisfy(item -> assertThat(item.getString("order_id")).isEqualTo(orderId)));
        JsonObject failed = Http.json(admin.get("admin/order-deliveries?status=FAILED&limit=500"))
                .getJsonArray("items").getValuesAs(JsonObject.class).stream()
                .filter(item -> item.getString("order_id").equals(orderId)).findFirst().orElseThrow();
        assertThat(failed.getBoolean("charged")).isFalse();
        assertThat(failed.getString("last_error")).contains("refused");
        assertThat(requests("/reservations", orderId)).isEmpty();
        Eventually.within(CONVERGENCE, () -> assertThat(Http.send(Http.request(server.baseUri()
                .resolve("metrics?scope=application")).GET().build()).body())
                .containsPattern("tambat_orders_outbox_failed\\{mp_scope=\"application\",} [1-9]"));
        assertThat(admin.get("admin/order-deliveries?status=PENDING").statusCode()).isEqualTo(400);

        server.wireMock().removeStub(refusal);
        long deliveryId = failed.getJsonNumber("delivery_id").longValue();
        HttpResponse<String> redriven = admin.post("admin/order-deliveries/" + deliveryId + "/redrive", "");
        assertThat(redriven.statusCode()).as(redriven.body()).isEqualTo(200);
        Eventually.within(CONVERGENCE, () -> assertThat(delivered(orderId)).isTrue());

        List<LoggedRequest> charges = requests("/charges", orderId);
        assertThat(charges).hasSizeGreaterThanOrEqualTo(2);
        assertThat(charges).extracting(request -> request.getHeader("Idempotency-Key"))
                .containsOnly("order-" + orderId + "-charge");
        assertThat(requests("/reservations", orderId)).hasSize(1);
        assertThat(admin.post("admin/order-deliveries/" + deliveryId + "/redrive", "").statusCode()).isEqualTo(404);
    }

    private String placeOrder() {
        return placeOrder(2, OrderRequests.checkout());
    }

    private String placeOrder(int quantity, String checkout) {
        String body = OrderRequests.BODY.formatted(checkout).replace("\"quantity\":2", "\"quantity\":" + quantity);
        HttpResponse<String> created = OrderRequests.post(server.baseUri(), "tenant-delivery", OrderRequests.key(),
                body);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return Http.json(created).getString("id");
    }

    private boolean delivered(String orderId) {
        return db.count("SELECT count(*) FROM order_outbox WHERE order_id = CAST(? AS uuid) "
                + "AND published_at IS NOT NULL", orderId) == 1;
    }

    private List<LoggedRequest> requests(String path, String orderId) {
        return server.wireMock().findAll(postRequestedFor(urlEqualTo(path))
                .withRequestBody(matchingJsonPath("$.order_id", equalTo(orderId))));
    }
}
