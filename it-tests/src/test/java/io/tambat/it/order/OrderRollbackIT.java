package io.tambat.it.order;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TcpProxy;
import io.tambat.it.support.TestDatabase;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The database goes away in the middle of order traffic: the request is answered 503, nothing of it is
 * stored (no order, no idempotency record), and the same key succeeds once the database is back.
 */
class OrderRollbackIT {

    private static final String SCHEMA = "tambat_order_rollback";
    private static final String TENANT = "tenant-rollback";
    private static final String BODY = """
            {"currency":"EUR","items":[{"sku":"SKU-1","quantity":1,"unit_price_minor":500}]}""";

    @Test
    void aRolledBackRequestLeavesTheKeyFreeForItsRetry() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        try (TcpProxy database = TcpProxy.to(TestDatabase.host(), TestDatabase.port()).up();
                TambatServerProcess server = TambatServerProcess.configured("order-rollback", database.port(),
                        SCHEMA, Map.of()).start().awaitReady(Duration.ofSeconds(90))) {
            assertThat(post(server.baseUri(), "warm-up").statusCode()).isEqualTo(201);

            database.down();
            HttpResponse<String> during = post(server.baseUri(), "key-during-outage");

            assertProblem(during, 503, "storage_unavailable");
            assertThat(during.headers().firstValue("Retry-After")).isPresent();
            database.up();
            server.awaitReady(Duration.ofSeconds(30));
            assertThat(db.count("SELECT count(*) FROM idempotency_requests WHERE idempotency_key = ?",
                    "key-during-outage")).isZero();

            HttpResponse<String> retry = post(server.baseUri(), "key-during-outage");

            assertThat(retry.statusCode()).as(retry.body()).isEqualTo(201);
            assertThat(retry.headers().firstValue("Idempotent-Replayed")).isEmpty();
            assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", TENANT)).isEqualTo(2);
            assertThat(Http.send(Http.request(server.baseUri().resolve("metrics?scope=application")).GET().build())
                    .body()).containsPattern("tambat_orders_rollbacks_total\\{[^}]*} [1-9]");
        }
    }

    private static HttpResponse<String> post(URI base, String key) {
        return OrderRequests.post(base, TENANT, key, BODY);
    }
}
