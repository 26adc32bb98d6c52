package io.tambat.it.bench;

import static io.tambat.it.bench.BenchmarkSettings.CONNECTIONS;
import static io.tambat.it.bench.BenchmarkSettings.RATE;
import static io.tambat.it.bench.BenchmarkSettings.SECONDS;
import static io.tambat.it.bench.BenchmarkSettings.WARM_UP_RATE;
import static io.tambat.it.bench.BenchmarkSettings.WARM_UP_SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Open-loop load of {@code POST /orders} on the runnable jar: each request a new Idempotency-Key and a new
 * checkout, with 80 lines (about 10 KiB). Reports throughput, client-side latency percentiles, the server's
 * own creation timer and memory. The only assertions are on correctness: every 201 is one order.
 */
class OrdersBenchmark {

    private static final String SCHEMA = "tambat_bench_orders";
    private static final int LINES = 80;

    @Test
    void reportsOrderCreationThroughputAndLatency() throws Exception {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        try (TambatServerProcess server = TambatServerProcess.configured("bench-orders", TestDatabase.port(), SCHEMA,
                Map.of()).withFullCompilation().start().awaitReady(Duration.ofSeconds(90))) {
            URI orders = server.baseUri().resolve("orders");
            String token = "Bearer " + OperatorTokens.forTenant("tenant-bench");
            OpenLoopLoad load = new OpenLoopLoad(CONNECTIONS);

            load.run(() -> order(orders, token), WARM_UP_RATE, WARM_UP_SECONDS);
            OpenLoopLoad.Result measured = load.run(() -> order(orders, token), RATE, SECONDS);

            long rows = db.count("SELECT count(*) FROM orders");
            BenchmarkSettings.publish("orders", measured.report(body("chk").length + " B orders") + "\n"
                    + "orders: " + rows + ", order lines: " + db.count("SELECT count(*) FROM order_line") + "\n"
                    + "server RSS: " + server.residentSetKilobytes() / 1024 + " MiB\n"
                    + "server creation summary:\n"
                    + BenchmarkSettings.serverMetrics(server.baseUri(), "tambat_orders_create_seconds{",
                            "tambat_idempotency_requests_total{"));
            assertThat(measured.answered(201))
                    .as("every created answer is a distinct stored order (warm-up included)")
                    .isLessThanOrEqualTo(rows);
        }
    }

    private static HttpRequest order(URI orders, String token) {
        return HttpRequest.newBuilder(orders)
                .header("Authorization", token)
                .header("Idempotency-Key", UUID.randomUUID().toString())
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body("chk_" + UUID.randomUUID().toString()
                        .replace("-", "")))).build();
    }

    private static byte[] body(String checkout) {
        String items = IntStream.range(0, LINES)
                .mapToObj(i -> "{\"sku\":\"SKU-" + "%060d".formatted(i) + "\",\"quantity\":" + (i % 9 + 1)
                        + ",\"unit_price_minor\":" + (100 + i) + "}")
                .collect(Collectors.joining(","));
        return ("{\"checkout_id\":\"" + checkout + "\",\"currency\":\"EUR\",\"items\":[" + items + "]}")
                .getBytes(StandardCharsets.UTF_8);
    }
}
