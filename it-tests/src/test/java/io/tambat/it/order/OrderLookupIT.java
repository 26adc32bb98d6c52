package io.tambat.it.order;

import static io.tambat.it.order.OrderRequests.BODY;
import static io.tambat.it.order.OrderRequests.awaitFinal;
import static io.tambat.it.order.OrderRequests.checkout;
import static io.tambat.it.order.OrderRequests.key;
import static io.tambat.it.order.OrderRequests.tenant;
import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /admin/orders/{id}} and {@code GET /admin/order-operations/{id}}: an operator reads any tenant's
 * order and long operation, with the tenant; a customer's token is refused; unknown and malformed ids are 404
 * with the contract's codes; no answer holds the Idempotency-Key.
 */
class OrderLookupIT extends DeployedTambatTest {

    private final AdminClient admin = new AdminClient(ArquillianServer.baseUri());

    @Test
    void anOperatorReadsAnotherTenantsOrderWithItsTenantButNeverItsKey() {
        String tenant = tenant();
        String key = key();
        HttpResponse<String> created = OrderRequests.post(ArquillianServer.baseUri(), tenant, key,
                BODY.formatted(checkout()));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String orderId = Http.json(created).getString("id");

        HttpResponse<String> found = admin.get("admin/orders/" + orderId);

        assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
        assertThat(found.headers().firstValue("Cache-Control")).hasValue("no-store");
        JsonObject order = Http.json(found);
        assertThat(order.getString("tenant_id")).isEqualTo(tenant);
        JsonObject asTheTenantSeesIt = Http.json(created);
        for (String member : asTheTenantSeesIt.keySet()) {
            assertThat(order.get(member)).as(member).isEqualTo(asTheTenantSeesIt.get(member));
        }
        Set<String> members = new HashSet<>(asTheTenantSeesIt.keySet());
        members.add("tenant_id");
        assertThat(order.keySet()).isEqualTo(members);
        assertThat(found.body()).doesNotContain(key);
    }

    @Test
    void anOperatorFollowsAnotherTenantsOperationToItsOrder() {
        String tenant = tenant();
        String key = key();
        Instant before = Instant.now().minusSeconds(5);
        HttpResponse<String> accepted = OrderRequests.postAsync(ArquillianServer.baseUri(), tenant, key,
                BODY.formatted(checkout()));
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        String location = accepted.headers().firstValue("Location").orElseThrow();
        String operationId = location.substring(location.lastIndexOf('/') + 1);
        String orderId = Http.json(awaitFinal(ArquillianServer.baseUri(), tenant, location)).getString("id");

        HttpResponse<String> found = admin.get("admin/order-operations/" + operationId);

        assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
        JsonObject operation = Http.json(found);
        assertThat(operation.getString("operation_id")).isEqualTo(operationId);
        assertThat(operation.getString("tenant_id")).isEqualTo(tenant);
        assertThat(operation.getString("status")).isEqualTo("COMPLETED");
        assertThat(operation.getString("order_id")).isEqualTo(orderId);
        assertThat(Instant.parse(operation.getString("created_at"))).isAfter(before);
        JsonObject outcome = operation.getJsonObject("outcome");
        assertThat(outcome.getString("result")).isEqualTo("CREATED");
        assertThat(outcome.getInt("status")).isEqualTo(201);
        assertThat(outcome.containsKey("code")).isFalse();
        assertThat(found.body()).doesNotContain(key).doesNotContain("fingerprint").doesNotContain("idempotency");
        assertThat(admin.get("admin/orders/" + orderId).statusCode()).isEqualTo(200);
    }

    @Test
    void aRejectedOperationShowsTheProblemItsClientGot() {
        String tenant = tenant();
        String key = key();
        String body = BODY.formatted(checkout()).replace("\"currency\"", "\"coupon\":\"BYGONE\",\"currency\"");
        String location = OrderRequests.postAsync(ArquillianServer.baseUri(), tenant, key, body).headers()
                .firstValue("Location").orElseThrow();
        assertProblem(awaitFinal(ArquillianServer.baseUri(), tenant, location), 422, "coupon_invalid");

        HttpResponse<String> found = admin.get("admin/order-operations/"
                + location.substring(location.lastIndexOf('/') + 1));

        JsonObject operation = Http.json(found);
        assertThat(operation.getString("status")).isEqualTo("COMPLETED");
        assertThat(operation.containsKey("order_id")).isFalse();
        assertThat(operation.getJsonObject("outcome").getString("result")).isEqualTo("COUPON_INVALID");
        assertThat(operation.getJsonObject("outcome").getInt("status")).isEqualTo(422);
        assertThat(operation.getJsonObject("outcome").getString("code")).isEqualTo("coupon_invalid");
        assertThat(found.body()).doesNotContain(key);
    }

    @Test
    void aCustomersTokenIsRefusedEvenForItsOwnOrder() {
        String tenant = tenant();
        HttpResponse<String> created = OrderRequests.post(ArquillianServer.baseUri(), tenant, key(),
                BODY.formatted(checkout()));
        String orderId = Http.json(created).getString("id");

        for (String path : List.of("admin/orders/" + orderId, "admin/order-operations/" + UUID.randomUUID())) {
            HttpResponse<String> refused = Http.send(Http.request(ArquillianServer.baseUri().resolve(path),
                    "Authorization", "Bearer " + OperatorTokens.forTenant(tenant)).GET().build());
            assertThat(refused.statusCode()).as(path).isEqualTo(403);
            assertThat(refused.body()).doesNotContain(orderId);
            HttpResponse<String> anonymous = Http.send(Http.request(ArquillianServer.baseUri().resolve(path)).GET()
                    .build());
            assertThat(anonymous.statusCode()).as(path).isEqualTo(401);
        }
    }

    @Test
    void bothLookUpsAreDescribedInOpenApi() {
        String openApi = Http.send(Http.request(ArquillianServer.baseUri().resolve("openapi")).GET().build()).body();

        assertThat(openApi).containsPattern("(?s)/admin/orders/\\{orderId}:.*?name: orderId.*?format: uuid");
        assertThat(openApi).containsPattern(
                "(?s)/admin/order-operations/\\{operationId}:.*?name: operationId.*?format: uuid");
    }

    @Test
    void unknownAndMalformedIdsAreNotFoundWithTheContractsCodes() {
        for (String id : List.of(UUID.randomUUID().toString(), "not-a-uuid", "%27%3Bselect")) {
            assertProblem(admin.get("admin/orders/" + id), 404, "unknown_order");
            assertProblem(admin.get("admin/order-operations/" + id), 404, "unknown_operation");
        }
        String tenant = tenant();
        String orderId = Http.json(OrderRequests.post(ArquillianServer.baseUri(), tenant, key(),
                BODY.formatted(checkout()))).getString("id");
        // An order's id is not an operation's.
        assertProblem(admin.get("admin/order-operations/" + orderId), 404, "unknown_operation");
    }
}
