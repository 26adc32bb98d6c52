package io.tambat.it.bench;

import static io.tambat.it.bench.BenchmarkSettings.CONNECTIONS;
import static io.tambat.it.bench.BenchmarkSettings.RATE;
import static io.tambat.it.bench.BenchmarkSettings.SECONDS;
import static io.tambat.it.bench.BenchmarkSettings.WARM_UP_RATE;
import static io.tambat.it.bench.BenchmarkSettings.WARM_UP_SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import io.tambat.it.support.TestSigners;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Open-loop load on the runnable jar: signed Stripe deliveries of about 10 KiB, each a new event. Reports
 * throughput, client-side latency percentiles, the server's own acknowledgement summary and memory. The
 * only assertions are on correctness: every 200 is one row.
 */
class IngressBenchmark {

    private static final String SCHEMA = "tambat_bench";
    private static final String SECRET = "whsec_bench_v1";
    private static final int BODY_BYTES = 10 * 1024;

    @Test
    void reportsIngressThroughputAndLatency() throws Exception {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        try (TambatServerProcess server = TambatServerProcess.configured("bench", TestDatabase.port(), SCHEMA, Map.of(
                "TAMBAT_WEBHOOKS_ENDPOINTS", "bench",
                "TAMBAT_WEBHOOKS_ENDPOINT_BENCH_PROVIDER", "stripe",
                "TAMBAT_WEBHOOKS_ENDPOINT_BENCH_SECRETS", "v1:" + SECRET)).withFullCompilation().start()
                .awaitReady(Duration.ofSeconds(90))) {
            URI endpoint = server.baseUri().resolve("webhooks/stripe/bench");
            OpenLoopLoad load = new OpenLoopLoad(CONNECTIONS);

            load.run(() -> delivery(endpoint), WARM_UP_RATE, WARM_UP_SECONDS);
            OpenLoopLoad.Result measured = load.run(() -> delivery(endpoint), RATE, SECONDS);

            long rows = db.count("SELECT count(*) FROM webhook_inbox");
            BenchmarkSettings.publish("ingress", measured.report(BODY_BYTES + " B deliveries") + "\n"
                    + "inbox rows: " + rows + "\n"
                    + "server RSS: " + server.residentSetKilobytes() / 1024 + " MiB\n"
                    + "server acknowledgement and commit summaries:\n"
                    + BenchmarkSettings.serverMetrics(server.baseUri(), "tambat_webhook_ack_seconds{",
                            "tambat_inbox_commit_seconds{"));
            assertThat(measured.answered(200))
                    .as("every acknowledged delivery is a distinct stored row (warm-up included)")
                    .isLessThanOrEqualTo(rows);
        }
    }

    private static HttpRequest delivery(URI endpoint) {
        byte[] body = body();
        return HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Stripe-Signature", TestSigners.stripe(SECRET, Instant.now().getEpochSecond(), body))
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
    }

    private static byte[] body() {
        String id = "evt_" + UUID.randomUUID().toString().replace("-", "");
        String head = "{\"id\":\"" + id + "\",\"object\":\"event\",\"type\":\"payment_intent.succeeded\","
                + "\"data\":{\"object\":{\"id\":\"pi_bench\",\"description\":\"";
        String tail = "\"}}}";
        return (head + "x".repeat(BODY_BYTES - head.length() - tail.length()) + tail).getBytes(StandardCharsets.UTF_8);
    }
}
