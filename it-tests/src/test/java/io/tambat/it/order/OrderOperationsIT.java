package io.tambat.it.order;

import static io.tambat.it.order.OrderRequests.BODY;
import static io.tambat.it.order.OrderRequests.checkout;
import static io.tambat.it.order.OrderRequests.key;
import static io.tambat.it.order.OrderRequests.tenant;
import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.AtOnce;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /orders} with {@code Prefer: respond-async}: 202 and an operation resource, which shows the
 * final answer once a worker has run the operation through its idempotency record.
 */
class OrderOperationsIT extends DeployedTambatTest {

    private static final String OPERATION = "/orders/operations/[0-9a-f-]{36}";

    @Test
    void runsTheRequestAsALongOperationAndShowsItsFinalAnswer() {
        String tenant = tenant();
        String key = key();
        String body = BODY.formatted(checkout());

        HttpResponse<String> accepted = postAsync(tenant, key, body);

        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        String operation = accepted.headers().firstValue("Location").orElseThrow();
        assertThat(operation).matches(OPERATION);
        assertThat(accepted.headers().firstValue("Preference-Applied")).hasValue("respond-async");
        assertThat(Http.json(accepted).getString("status")).isEqualTo("IN_PROGRESS");
        HttpResponse<String> done = awaitFinal(tenant, operation);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
        String orderId = Http.json(done).getString("id");
        assertThat(done.headers().firstValue("Location")).hasValue("/orders/" + orderId);
        assertThat(Http.json(done).getInt("total_minor")).isEqualTo(2500);
        assertThat(get(tenant, "/orders/" + orderId).body()).isEqualTo(done.body());

        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM order_outbox WHERE order_id = CAST(? AS uuid)", orderId))
                .isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM idempotency_requests WHERE tenant_id = ? AND outcome = 'CREATED' "
                + "AND resource_id = ? AND attempt_count >= 1 AND lease_until IS NULL "
                + "AND operation_request IS NULL", tenant, orderId)).isEqualTo(1);
    }

    @Test
    void retriesWithTheSameKeyGetTheSameOperationAndItsAnswer() {
        String tenant = tenant();
        String key = key();
        String body = BODY.formatted(checkout());
        String operation = postAsync(tenant, key, body).headers().firstValue("Location").orElseThrow();
        HttpResponse<String> done = awaitFinal(tenant, operation);

        HttpResponse<String> asyncRetry = postAsync(tenant, key, body);
        HttpResponse<String> syncRetry = OrderRequests.post(ArquillianServer.baseUri(), tenant, key, body);

        assertThat(asyncRetry.statusCode()).isEqualTo(202);
        assertThat(asyncRetry.headers().firstValue("Location")).hasValue(operation);
        assertThat(asyncRetry.headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(Http.json(asyncRetry).getString("status")).isEqualTo("COMPLETED");
        assertThat(syncRetry.statusCode()).isEqualTo(201);
        assertThat(syncRetry.body()).isEqualTo(done.body());
        assertThat(syncRetry.headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isEqualTo(1);
    }

    @Test
    void concurrentAsynchronousDuplicatesShareOneOperationAndOneOrder() {
        String tenant = tenant();
        String key = key();
        String body = BODY.formatted(checkout());

        List<HttpResponse<String>> answers = AtOnce.run(20, () -> postAsync(tenant, key, body));

        List<String> operations = new ArrayList<>();
        for (HttpResponse<String> response : answers) {
            assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
            operations.add(response.headers().firstValue("Location").orElseThrow());
        }
        assertThat(operations).containsOnly(operations.get(0));
        assertThat(awaitFinal(tenant, operations.get(0)).statusCode()).isEqualTo(201);
        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM idempotency_requests WHERE tenant_id = ?", tenant)).isEqualTo(1);
    }

    @Test
    void refusesTheSameKeyWithDifferentParameters() {
        String tenant = tenant();
        String key = key();
        String body = BODY.formatted(checkout());
        String operation = postAsync(tenant, key, body).headers().firstValue("Location").orElseThrow();

        assertProblem(postAsync(tenant, key, body.replace("1250", "9999")), 409, "idempotency_key_reused");
        assertProblem(OrderRequests.post(ArquillianServer.baseUri(), tenant, key, body.replace("1250", "9999")), 409,
                "idempotency_key_reused");

        assertThat(Http.json(awaitFinal(tenant, operation)).getInt("total_minor")).isEqualTo(2500);
        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isEqualTo(1);
    }

    @Test
    void aDeterministicRejectionIsTheOperationsFinalAnswer() {
        String tenant = tenant();
        String key = key();
        String body = BODY.formatted(checkout()).replace("\"currency\"", "\"coupon\":\"BYGONE\",\"currency\"");
        String operation = postAsync(tenant, key, body).headers().firstValue("Location").orElseThrow();

        HttpResponse<String> done = awaitFinal(tenant, operation);

        assertProblem(done, 422, "coupon_invalid");
        HttpResponse<String> replay = OrderRequests.post(ArquillianServer.baseUri(), tenant, key, body);
        assertThat(replay.statusCode()).isEqualTo(422);
        assertThat(replay.body()).isEqualTo(done.body());
        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isZero();
    }

    @Test
    void recognisesRespondAsyncAmongOtherPreferences() {
        HttpResponse<String> accepted = OrderRequests.post(ArquillianServer.baseUri(), tenant(), key(),
                BODY.formatted(checkout()), "Prefer", "handling=lenient, Respond-Async; x=1", "Prefer", "wait=5");

        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        assertThat(accepted.headers().firstValue("Location").orElseThrow()).matches(OPERATION);
    }

    @Test
    void showsAnOperationOnlyToItsOwnTenant() {
        String owner = tenant();
        String operation = postAsync(owner, key(), BODY.formatted(checkout())).headers().firstValue("Location")
                .orElseThrow();

        assertProblem(get(tenant(), operation), 404, "unknown_operation");
        assertProblem(get(owner, "/orders/operations/not-a-uuid"), 404, "unknown_operation");
        assertThat(Http.send(Http.request(ArquillianServer.baseUri().resolve(operation.substring(1))).GET().build())
                .statusCode()).isEqualTo(401);
        assertThat(awaitFinal(owner, operation).statusCode()).isEqualTo(201);
    }

    @Test
    void exposesOperationAndOrderBacklogMetrics() {
        String tenant = tenant();
        awaitFinal(tenant, postAsync(tenant, key(), BODY.formatted(checkout())).headers().firstValue("Location")
                .orElseThrow());

        assertThat(Http.send(Http.request(ArquillianServer.baseUri().resolve("metrics?scope=application")).GET()
                .build()).body())
                .containsPattern("tambat_orders_operations_attempts_total\\{[^}]*outcome=\"completed\"[^}]*} [1-9]")
                .containsPattern("tambat_idempotency_oldest_in_progress_age_seconds\\{[^}]*} [0-9]")
                .containsPattern("tambat_orders_outbox_lag_seconds\\{[^}]*} [0-9]")
                .containsPattern("tambat_orders_outbox_pending\\{[^}]*} [0-9]");
    }

    private static HttpResponse<String> postAsync(String tenant, String key, String body) {
        return OrderRequests.postAsync(ArquillianServer.baseUri(), tenant, key, body);
    }

    private static HttpResponse<String> get(String tenant, String path) {
        return OrderRequests.get(ArquillianServer.baseUri(), tenant, path);
    }

    private static HttpResponse<String> awaitFinal(String tenant, String operation) {
        return OrderRequests.awaitFinal(ArquillianServer.baseUri(), tenant, operation);
    }
}
