package io.tambat.it.order;

import static io.tambat.it.order.OrderRequests.BODY;
import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A worker stalls holding the lease of a long operation; once the lease expires, a worker of another
 * instance takes the operation over under a larger attempt token and completes it. When the stalled worker
 * resumes, its work is refused by the token check and rolled back: one order, the newer result kept. A
 * worker killed holding the lease is taken over the same way once the server is back.
 */
class OrderOperationTakeoverIT {

    private static final String SCHEMA = "tambat_operation_takeover";
    private static final String TENANT = "tenant-takeover";
    private static final Duration READY = Duration.ofSeconds(90);
    private static final String LEASE = "PT2S";
    private static final Duration STALL = Duration.ofSeconds(12);

    @Test
    void aPausedWorkerCannotOverwriteTheResultOfTheWorkerThatTookOver() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        try (TambatServerProcess stalling = server("stalling", Map.of(
                        "TAMBAT_FAILPOINTS", "operation.after-lease=pause:" + STALL)).start();
                TambatServerProcess takingOver = server("taking-over", Map.of()).start()) {
            stalling.awaitReady(READY);
            takingOver.awaitReady(READY);
            // Frozen, the second instance cannot lease first: the stalling one gets the operation.
            takingOver.suspend();
            String key = OrderRequests.key();
            String body = BODY.formatted(OrderRequests.checkout());
            String operation;
            try {
                HttpResponse<String> accepted = OrderRequests.postAsync(stalling.baseUri(), TENANT, key, body);
                assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
                operation = accepted.headers().firstValue("Location").orElseThrow();
                Eventually.within(Duration.ofSeconds(10), () -> assertThat(attemptToken(db, key)).isEqualTo(1));

                assertThat(Http.json(OrderRequests.get(stalling.baseUri(), TENANT, operation)).getString("status"))
                        .isEqualTo("IN_PROGRESS");
                HttpResponse<String> retry = OrderRequests.post(stalling.baseUri(), TENANT, key, body);
                assertThat(retry.statusCode()).isEqualTo(202);
                assertThat(retry.headers().firstValue("Location")).hasValue(operation);
                Eventually.within(Duration.ofSeconds(10), () -> assertThat(metrics(stalling))
                        .containsPattern("tambat_idempotency_oldest_in_progress_age_seconds\\{[^}]*} [1-9]"));
            } finally {
                takingOver.resume();
            }

            HttpResponse<String> done = OrderRequests.awaitFinal(takingOver.baseUri(), TENANT, operation);
            assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
            String orderId = Http.json(done).getString("id");
            assertThat(attemptToken(db, key)).isEqualTo(2);

            Eventually.within(STALL.plusSeconds(20), () -> assertThat(metrics(stalling)).containsPattern(
                    "tambat_orders_operations_attempts_total\\{[^}]*outcome=\"superseded\"[^}]*} 1"));
            assertThat(stalling.console()).contains("attempt 1 no longer holds its lease");
            assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", TENANT)).isEqualTo(1);
            assertThat(db.count("SELECT count(*) FROM orders WHERE order_id = CAST(? AS uuid)", orderId)).isEqualTo(1);
            assertThat(db.count("SELECT count(*) FROM order_outbox")).isEqualTo(1);
            assertThat(db.count("SELECT count(*) FROM idempotency_requests WHERE idempotency_key = ? "
                    + "AND resource_id = ? AND attempt_count = 2", key, orderId)).isEqualTo(1);
            assertThat(OrderRequests.get(stalling.baseUri(), TENANT, operation).body()).isEqualTo(done.body());
        }
    }

    @Test
    void anOperationWhoseWorkerWasKilledHoldingTheLeaseIsTakenOverAfterARestart() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        String key = OrderRequests.key();
        String body = BODY.formatted(OrderRequests.checkout());
        try (TambatServerProcess crashing = server("crashing", Map.of(
                "TAMBAT_FAILPOINTS", "operation.after-lease")).start().awaitReady(READY)) {
            try {
                OrderRequests.postAsync(crashing.baseUri(), TENANT, key, body);
            } catch (IllegalStateException answerLostInTheCrash) {
                // the worker may halt the process before the 202 is written; the retry below gets it
            }
            assertThat(crashing.awaitExit(Duration.ofSeconds(30))).isEqualTo(TambatServerProcess.HALTED);
        }
        assertThat(attemptToken(db, key)).isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM orders")).isZero();

        try (TambatServerProcess restarted = server("restarted", Map.of()).start().awaitReady(READY)) {
            HttpResponse<String> retry = OrderRequests.postAsync(restarted.baseUri(), TENANT, key, body);
            assertThat(retry.statusCode()).as(retry.body()).isEqualTo(202);
            assertThat(retry.headers().firstValue("Idempotent-Replayed")).hasValue("true");

            HttpResponse<String> done = OrderRequests.awaitFinal(restarted.baseUri(), TENANT,
                    retry.headers().firstValue("Location").orElseThrow());

            assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
            assertThat(attemptToken(db, key)).isEqualTo(2);
            assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", TENANT)).isEqualTo(1);
            assertThat(db.count("SELECT count(*) FROM order_outbox")).isEqualTo(1);
        }
    }

    @Test
    void anOperationWhoseLastAttemptDiesWithItsWorkerEndsWithAStoredFailure() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        String key = OrderRequests.key();
        String body = BODY.formatted(OrderRequests.checkout());
        Map<String, String> oneAttempt = Map.of("TAMBAT_PROCESSING_MAX_ATTEMPTS", "1");
        try (TambatServerProcess crashing = server("crashing-last", Map.of("TAMBAT_FAILPOINTS", "operation.after-lease",
                "TAMBAT_PROCESSING_MAX_ATTEMPTS", "1")).start().awaitReady(READY)) {
            try {
                OrderRequests.postAsync(crashing.baseUri(), TENANT, key, body);
            } catch (IllegalStateException answerLostInTheCrash) {
                // the worker may halt the process before the 202 is written; the retry below gets it
            }
            assertThat(crashing.awaitExit(Duration.ofSeconds(30))).isEqualTo(TambatServerProcess.HALTED);
        }

        try (TambatServerProcess restarted = server("restarted-last", oneAttempt).start().awaitReady(READY)) {
            HttpResponse<String> retry = OrderRequests.postAsync(restarted.baseUri(), TENANT, key, body);
            assertThat(retry.statusCode()).as(retry.body()).isEqualTo(202);
            String operation = retry.headers().firstValue("Location").orElseThrow();

            HttpResponse<String> ended = OrderRequests.awaitFinal(restarted.baseUri(), TENANT, operation);
            assertProblem(ended, 500, "operation_failed");
            HttpResponse<String> replay = OrderRequests.post(restarted.baseUri(), TENANT, key, body);
            assertProblem(replay, 500, "operation_failed");
            assertThat(replay.headers().firstValue("Idempotent-Replayed")).hasValue("true");
            assertThat(replay.body()).isEqualTo(ended.body());
            assertThat(attemptToken(db, key)).isEqualTo(2);
            assertThat(db.count("SELECT count(*) FROM orders")).isZero();
            assertThat(db.count("SELECT count(*) FROM idempotency_requests WHERE idempotency_key = ? "
                    + "AND expires_at > now() + interval '1 hour'", key)).isEqualTo(1);
            assertThat(metrics(restarted)).contains("tambat_processing_worker_lost_total{mp_scope=\"application\","
                    + "queue=\"operations\",} 1.0");
        }
    }

    private static TambatServerProcess server(String name, Map<String, String> extra) {
        Map<String, String> environment = new HashMap<>(Map.of(
                "TAMBAT_PROCESSING_LEASE", LEASE,
                "TAMBAT_PROCESSING_WORKERS", "1"));
        environment.putAll(extra);
        return TambatServerProcess.configured(name, TestDatabase.port(), SCHEMA, environment);
    }

    private static long attemptToken(TestDatabase db, String key) {
        return db.count("SELECT attempt_count FROM idempotency_requests WHERE idempotency_key = ?", key);
    }

    private static String metrics(TambatServerProcess server) {
        return Http.send(Http.request(server.baseUri().resolve("metrics?scope=application")).GET().build()).body();
    }
}
