package io.tambat.it.order;

import static io.tambat.it.order.OrderRequests.BODY;
import static io.tambat.it.order.OrderRequests.checkout;
import static io.tambat.it.order.OrderRequests.key;
import static io.tambat.it.order.OrderRequests.tenant;
import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.AtOnce;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.TcpProxy;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code POST /orders} with Idempotency-Key, asserted on responses and on the rows behind them. */
class OrdersIT extends DeployedTambatTest {

    @Test
    void createsAnOrderAndReplaysItForTheSameKeyWhateverTheFieldOrderAndWhitespace() {
        String tenant = tenant();
        String key = key();
        String checkout = checkout();

        HttpResponse<String> created = post(tenant, key, BODY.formatted(checkout));
        HttpResponse<String> replay = post(tenant, key, "{ \"items\" : [ {\"unit_price_minor\":1250, \"sku\":\"SKU-1\","
                + " \"quantity\":2} ], \"currency\":\"EUR\", \"coupon\": null, \"checkout_id\":\"" + checkout + "\" }");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonObject order = Http.json(created);
        assertThat(order.getInt("total_minor")).isEqualTo(2500);
        assertThat(order.getString("status")).isEqualTo("created");
        assertThat(order.containsKey("tenant_id")).isFalse();
        assertThat(created.headers().firstValue("Location")).hasValue("/orders/" + order.getString("id"));
        assertThat(created.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(replay.statusCode()).isEqualTo(201);
        assertThat(replay.body()).isEqualTo(created.body());
        assertThat(replay.headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(db.count("SELECT count(*) FROM orders WHERE checkout_id = ?", checkout)).isEqualTo(1);
        assertThat(Http.send(Http.request(ArquillianServer.baseUri().resolve("metrics?scope=application")).GET()
                .build()).body())
                .containsPattern("tambat_idempotency_requests_total\\{[^}]*outcome=\"claimed\"[^}]*} [1-9]")
                .containsPattern("tambat_idempotency_requests_total\\{[^}]*outcome=\"replayed\"[^}]*} [1-9]")
                .contains("tambat_orders_create_seconds_count{");
    }

    @Test
    void keepsTheLinesInTheOrderTheyWereSent() {
        String tenant = tenant();
        String body = """
                {"currency":"EUR","items":[{"sku":"SKU-C","quantity":3,"unit_price_minor":100},
                 {"sku":"SKU-A","quantity":1,"unit_price_minor":200},{"sku":"SKU-B","quantity":2,"unit_price_minor":0}]}""";

        HttpResponse<String> created = post(tenant, key(), body);

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String orderId = Http.json(created).getString("id");
        assertThat(get(tenant, "/orders/" + orderId).body()).isEqualTo(created.body());
        assertThat(Http.json(created).getInt("total_minor")).isEqualTo(500);
        assertThat(db.rows("SELECT line_no, sku, quantity FROM order_line WHERE order_id = CAST(? AS uuid) "
                + "ORDER BY line_no", orderId).toString())
                .isEqualTo("[{line_no=0, sku=SKU-C, quantity=3}, {line_no=1, sku=SKU-A, quantity=1}, "
                        + "{line_no=2, sku=SKU-B, quantity=2}]");
    }

    @Test
    void fiftyConcurrentIdenticalRequestsCreateOneOrderAndAllAnswerIt() {
        String tenant = tenant();
        String key = key();
        String body = BODY.formatted(checkout());

        List<HttpResponse<String>> answers = AtOnce.run(50, () -> post(tenant, key, body));

        List<String> orderIds = new ArrayList<>();
        for (HttpResponse<String> response : answers) {
            assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
            orderIds.add(Http.json(response).getString("id"));
        }
        assertThat(orderIds).containsOnly(orderIds.get(0));
        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM order_outbox WHERE order_id = CAST(? AS uuid)", orderIds.get(0)))
                .isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM idempotency_requests WHERE tenant_id = ?", tenant)).isEqualTo(1);
    }

    @Test
    void refusesTheSameKeyWithDifferentParametersAndChangesNothing() {
        String tenant = tenant();
        String key = key();
        String checkout = checkout();
        String first = Http.json(post(tenant, key, BODY.formatted(checkout))).getString("id");

        HttpResponse<String> reused = post(tenant, key, BODY.formatted(checkout).replace("1250", "9999"));

        assertProblem(reused, 409, "idempotency_key_reused");
        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isEqualTo(1);
        assertThat(Http.json(get(tenant, "/orders/" + first)).getInt("total_minor")).isEqualTo(2500);
    }

    @Test
    void aRequestThatFailsValidationIsNotStoredAndLeavesTheKeyFree() {
        String tenant = tenant();
        String key = key();

        assertProblem(post(tenant, key, "{\"currency\":\"eur\",\"items\":[]}"), 400, "invalid_request");
        assertProblem(post(tenant, key, "not json"), 400, "invalid_request");

        assertThat(post(tenant, key, BODY.formatted(checkout())).statusCode()).isEqualTo(201);
    }

    @Test
    void storesAndReplaysAnInvalidCouponRejection() {
        String tenant = tenant();
        String key = key();
        String body = BODY.formatted(checkout()).replace("\"currency\"", "\"coupon\":\"BYGONE\",\"currency\"");

        HttpResponse<String> rejected = post(tenant, key, body);
        HttpResponse<String> replayed = post(tenant, key, body);

        assertProblem(rejected, 422, "coupon_invalid");
        assertThat(replayed.statusCode()).isEqualTo(422);
        assertThat(replayed.body()).isEqualTo(rejected.body());
        assertThat(replayed.headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isZero();
    }

    @Test
    void appliesAValidCoupon() {
        String body = BODY.formatted(checkout()).replace("\"currency\"", "\"coupon\":\"SPRING\",\"currency\"");

        assertThat(Http.json(post(tenant(), key(), body)).getInt("total_minor")).isEqualTo(2000);
    }

    @Test
    void keepsTwoTenantsWithOneRawKeyApart() {
        String key = key();
        String checkout = checkout();
        String first = tenant();
        String second = tenant();

        String firstOrder = Http.json(post(first, key, BODY.formatted(checkout))).getString("id");
        HttpResponse<String> secondAnswer = post(second, key, BODY.formatted(checkout));

        assertThat(secondAnswer.statusCode()).isEqualTo(201);
        assertThat(secondAnswer.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(Http.json(secondAnswer).getString("id")).isNotEqualTo(firstOrder);
        assertThat(get(second, "/orders/" + firstOrder).statusCode()).isEqualTo(404);
        assertThat(get(first, "/orders/" + firstOrder).statusCode()).isEqualTo(200);
    }

    @Test
    void ordersACheckoutOnceEvenUnderAnotherKey() {
        String tenant = tenant();
        String checkout = checkout();
        assertThat(post(tenant, key(), BODY.formatted(checkout)).statusCode()).isEqualTo(201);

        assertProblem(post(tenant, key(), BODY.formatted(checkout)), 409, "checkout_already_ordered");
    }

    @Test
    void treatsAKeyAsANewOperationOnceItsRecordExpired() {
        String tenant = tenant();
        String key = key();
        String first = Http.json(post(tenant, key, BODY.formatted(checkout()))).getString("id");
        assertThat(db.count("SELECT count(*) FROM idempotency_requests WHERE idempotency_key = ? "
                + "AND expires_at = created_at + interval '8 seconds'", key)).as("kept for the retention").isEqualTo(1);
        // The retention passes in the row, not in the test's time: the record now reads as expired.
        assertThat(db.update("UPDATE idempotency_requests SET expires_at = created_at WHERE idempotency_key = ?", key))
                .isEqualTo(1);

        HttpResponse<String> later = post(tenant, key, BODY.formatted(checkout()));

        assertThat(later.statusCode()).isEqualTo(201);
        assertThat(later.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(Http.json(later).getString("id")).isNotEqualTo(first);
    }

    @Test
    void replaysTheOriginalWhenTheConnectionDroppedAfterTheCommit() {
        String tenant = tenant();
        String key = key();
        String body = BODY.formatted(checkout());
        try (TcpProxy flaky = TcpProxy.to("127.0.0.1", ArquillianServer.baseUri().getPort())) {
            flaky.beforeFirstResponseByte(() -> { });
            flaky.up();
            URI throughProxy = URI.create("http://127.0.0.1:" + flaky.port() + "/orders");
            assertThatThrownBy(() -> Http.send(OrderRequests.request(throughProxy, tenant, key, body)))
                    .isInstanceOf(IllegalStateException.class);
        }

        HttpResponse<String> retry = post(tenant, key, body);

        assertThat(retry.statusCode()).isEqualTo(201);
        assertThat(retry.headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isEqualTo(1);
    }

    @Test
    void refusesMissingOrMalformedKeysAndMissingTenants() {
        String body = BODY.formatted(checkout());
        URI orders = ArquillianServer.baseUri().resolve("orders");

        assertProblem(Http.send(Http.request(orders, "Authorization", "Bearer " + OperatorTokens.forTenant(tenant()),
                "Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build()),
                400, "idempotency_key_missing");
        assertProblem(post(tenant(), "has spaces", body), 400, "idempotency_key_invalid");
        assertThat(Http.send(Http.request(orders, "Idempotency-Key", key(), "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build()).statusCode()).isEqualTo(401);
        assertThat(Http.send(Http.request(orders, "Authorization", "Bearer " + OperatorTokens.operator(),
                        "Idempotency-Key", key(), "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build()).statusCode()).isEqualTo(401);
    }

    private static HttpResponse<String> post(String tenant, String key, String body) {
        return OrderRequests.post(ArquillianServer.baseUri(), tenant, key, body);
    }

    private static HttpResponse<String> get(String tenant, String path) {
        return OrderRequests.get(ArquillianServer.baseUri(), tenant, path);
    }
}
