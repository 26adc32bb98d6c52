package io.tambat.it.order;

import static io.tambat.it.order.OrderRequests.BODY;
import static io.tambat.it.order.OrderRequests.checkout;
import static io.tambat.it.order.OrderRequests.key;
import static io.tambat.it.order.OrderRequests.tenant;
import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * A placement whose key another request is still writing waits for it (up to the claim wait) on its own: the
 * placements of other tenants that arrive with it are not held in its transaction, nor behind it for a
 * committer, and answer as fast as ever. Several keys are held, more than the committers a server has, so that
 * the waiting placements would hold every committer if any waited in one.
 */
class KeyWaitIT extends DeployedTambatTest {

    private static final int OTHERS = 40;
    private static final int HELD = 4;

    /**
     * Well below the claim wait (3 s), which a placement sharing a transaction with the waiting one would wait
     * too: a burst of this size takes a few hundred milliseconds on two cores once the server is warm.
     */
    private static final Duration OTHERS_NORMAL_LATENCY = Duration.ofSeconds(2);

    @Test
    void aKeyHeldByASlowFirstRequestDoesNotDelayOtherTenantsPlacements() throws Exception {
        String tenant = tenant();
        List<String> heldKeys = List.of(key(), key(), key(), key());
        ExecutorService senders = Executors.newFixedThreadPool(OTHERS + HELD);
        try (Connection slowFirstRequest = db.connect()) {
            CountDownLatch warm = new CountDownLatch(1);
            List<CompletableFuture<Timed>> warmUp = new ArrayList<>();
            for (int i = 0; i < OTHERS; i++) {
                warmUp.add(CompletableFuture.supplyAsync(() -> timed(warm, tenant(), key()), senders));
            }
            warm.countDown();
            warmUp.forEach(CompletableFuture::join);

            holdUncommitted(slowFirstRequest, tenant, heldKeys);
            CountDownLatch start = new CountDownLatch(1);
            List<CompletableFuture<Timed>> waiting = new ArrayList<>();
            List<CompletableFuture<Timed>> others = new ArrayList<>();
            for (int i = 0; i < OTHERS; i++) {
                if (i % (OTHERS / HELD) == 0) {
                    String heldKey = heldKeys.get(waiting.size());
                    waiting.add(CompletableFuture.supplyAsync(() -> timed(start, tenant, heldKey), senders));
                }
                others.add(CompletableFuture.supplyAsync(() -> timed(start, tenant(), key()), senders));
            }
            start.countDown();

            for (CompletableFuture<Timed> other : others) {
                Timed answer = other.join();
                assertThat(answer.response().statusCode()).as(answer.response().body()).isEqualTo(201);
                assertThat(answer.took()).isLessThan(OTHERS_NORMAL_LATENCY);
            }
            for (CompletableFuture<Timed> each : waiting) {
                Timed held = each.join();
                assertProblem(held.response(), 409, "idempotency_in_progress");
                assertThat(held.took()).as("it waited for the key's first request")
                        .isGreaterThan(Duration.ofSeconds(2));
            }
            slowFirstRequest.rollback();
        } finally {
            senders.shutdownNow();
        }
        assertThat(db.count("SELECT count(*) FROM idempotency_requests WHERE tenant_id = ?", tenant)).isZero();
    }

    @Test
    void aCheckoutBeingOrderedByAnotherRequestMakesItsDuplicateWaitAloneNotTheOthers() throws Exception {
        String tenant = tenant();
        String checkout = checkout();
        ExecutorService senders = Executors.newFixedThreadPool(OTHERS + 1);
        try (Connection firstOrder = db.connect()) {
            firstOrder.setAutoCommit(false);
            try (PreparedStatement order = firstOrder.prepareStatement("INSERT INTO orders (order_id, tenant_id, "
                    + "checkout_id, status, currency, total_minor, created_at) "
                    + "VALUES (gen_random_uuid(), ?, ?, 'CREATED', 'EUR', 2500, now())")) {
                order.setString(1, tenant);
                order.setString(2, checkout);
                order.executeUpdate();
            }
            CountDownLatch start = new CountDownLatch(1);
            CompletableFuture<Timed> duplicate = CompletableFuture.supplyAsync(
                    () -> timed(start, tenant, key(), checkout), senders);
            List<CompletableFuture<Timed>> others = new ArrayList<>();
            for (int i = 0; i < OTHERS; i++) {
                others.add(CompletableFuture.supplyAsync(() -> timed(start, tenant(), key(), checkout()), senders));
            }
            start.countDown();

            for (CompletableFuture<Timed> other : others) {
                Timed answer = other.join();
                assertThat(answer.response().statusCode()).as(answer.response().body()).isEqualTo(201);
                assertThat(answer.took()).isLessThan(OTHERS_NORMAL_LATENCY);
            }
            Timed waited = duplicate.join();
            assertProblem(waited.response(), 409, "idempotency_in_progress");
            firstOrder.rollback();
        } finally {
            senders.shutdownNow();
        }
        assertThat(db.count("SELECT count(*) FROM orders WHERE tenant_id = ?", tenant)).isZero();
    }

    /** First requests of the keys that have claimed them and not committed yet. */
    private static void holdUncommitted(Connection connection, String tenant, List<String> keys)
            throws SQLException {
        connection.setAutoCommit(false);
        try (PreparedStatement claim = connection.prepareStatement("INSERT INTO idempotency_requests "
                + "(tenant_id, scope, idempotency_key, fingerprint, created_at, expires_at) "
                + "VALUES (?, 'ORDER_PLACEMENT', ?, 'held', ?, ?)")) {
            Instant now = Instant.now();
            for (String key : keys) {
                claim.setString(1, tenant);
                claim.setString(2, key);
                claim.setTimestamp(3, Timestamp.from(now));
                claim.setTimestamp(4, Timestamp.from(now.plus(Duration.ofHours(1))));
                claim.executeUpdate();
            }
        }
    }

    private static Timed timed(CountDownLatch start, String tenant, String key) {
        return timed(start, tenant, key, checkout());
    }

    private static Timed timed(CountDownLatch start, String tenant, String key, String checkout) {
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        long began = System.nanoTime();
        HttpResponse<String> response = OrderRequests.post(ArquillianServer.baseUri(), tenant, key,
                BODY.formatted(checkout));
        return new Timed(response, Duration.ofNanos(System.nanoTime() - began));
    }

    private record Timed(HttpResponse<String> response, Duration took) {
    }
}
