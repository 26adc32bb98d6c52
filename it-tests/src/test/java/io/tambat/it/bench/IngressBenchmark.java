package io.tambat.it.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import io.tambat.it.support.TestSigners;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Open-loop load on the runnable jar: signed Stripe deliveries of about 10 KiB, each a new event, sent at a
 * fixed rate whatever the answers take (latency counts from the scheduled send, so a slow server cannot
 * hide behind a slow client). Reports throughput, client-side latency percentiles, the server's own
 * acknowledgement summary and memory. The only assertions are on correctness: every 200 is one row.
 */
class IngressBenchmark {

    private static final String SCHEMA = "tambat_bench";
    private static final String SECRET = "whsec_bench_v1";
    private static final int BODY_BYTES = 10 * 1024;

    private final int rate = Integer.getInteger("bench.rate", 2000);
    private final int seconds = Integer.getInteger("bench.seconds", 20);
    private final int connectionCount = Integer.getInteger("bench.connections", 64);

    @Test
    void reportsIngressThroughputAndLatency() throws Exception {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        try (TambatServerProcess server = TambatServerProcess.configured("bench", TestDatabase.port(), SCHEMA, Map.of(
                "TAMBAT_WEBHOOKS_ENDPOINTS", "bench",
                "TAMBAT_WEBHOOKS_ENDPOINT_BENCH_PROVIDER", "stripe",
                "TAMBAT_WEBHOOKS_ENDPOINT_BENCH_SECRETS", "v1:" + SECRET)).start()
                .awaitReady(Duration.ofSeconds(90))) {
            URI endpoint = server.baseUri().resolve("webhooks/stripe/bench");
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

            run(client, endpoint, Math.min(rate, 500), 5);
            Run measured = run(client, endpoint, rate, seconds);

            long rows = db.count("SELECT count(*) FROM webhook_inbox");
            String report = measured.report(rate, seconds) + "\n"
                    + "inbox rows: " + rows + "\n"
                    + "server RSS: " + server.residentSetKilobytes() / 1024 + " MiB\n"
                    + "server acknowledgement summary (tambat_webhook_ack_seconds, provider=stripe):\n"
                    + serverAckSummary(server.baseUri());
            System.out.println(report);
            Files.writeString(Path.of("target", "benchmark-report.txt"), report);
            assertThat(measured.statusCounts.getOrDefault(200, new AtomicLong()).get())
                    .as("every acknowledged delivery is a distinct stored row (warm-up included)")
                    .isLessThanOrEqualTo(rows);
        }
    }

    /**
     * A fixed schedule served by a bounded set of keep-alive connections, as a provider fleet sends: when
     * every connection is busy, requests fall behind schedule and that delay counts as latency.
     */
    private Run run(HttpClient client, URI endpoint, int rate, int seconds) throws InterruptedException {
        Run run = new Run();
        long intervalNanos = 1_000_000_000L / rate;
        long total = (long) rate * seconds;
        AtomicLong next = new AtomicLong();
        long start = System.nanoTime();
        ExecutorService connections = Executors.newFixedThreadPool(connectionCount);
        for (int c = 0; c < connectionCount; c++) {
            connections.submit(() -> {
                long i;
                while ((i = next.getAndIncrement()) < total) {
                    long scheduled = start + i * intervalNanos;
                    long wait = scheduled - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    run.record(scheduled, send(client, endpoint));
                }
            });
        }
        connections.shutdown();
        connections.awaitTermination(seconds * 10L + 60, TimeUnit.SECONDS);
        run.elapsedNanos = System.nanoTime() - start;
        return run;
    }

    private static int send(HttpClient client, URI endpoint) {
        byte[] body = body();
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/json")
                .header("Stripe-Signature", TestSigners.stripe(SECRET, Instant.now().getEpochSecond(), body))
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
        try {
            return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static byte[] body() {
        String id = "evt_" + UUID.randomUUID().toString().replace("-", "");
        String head = "{\"id\":\"" + id + "\",\"object\":\"event\",\"type\":\"payment_intent.succeeded\","
                + "\"data\":{\"object\":{\"id\":\"pi_bench\",\"description\":\"";
        String tail = "\"}}}";
        return (head + "x".repeat(BODY_BYTES - head.length() - tail.length()) + tail).getBytes(StandardCharsets.UTF_8);
    }

    private static String serverAckSummary(URI base) {
        return Http.send(Http.request(base.resolve("metrics?scope=application")).GET().build()).body().lines()
                .filter(line -> line.startsWith("tambat_webhook_ack_seconds") && line.contains("provider=\"stripe\"")
                        || line.startsWith("tambat_inbox_commit_seconds{"))
                .map(line -> "  " + line)
                .collect(Collectors.joining("\n"));
    }

    /** Latencies and answers of one measured run. */
    private static final class Run {
        final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        final Map<Integer, AtomicLong> statusCounts = new ConcurrentHashMap<>();
        long elapsedNanos;

        void record(long scheduledNanos, int status) {
            latencies.add(System.nanoTime() - scheduledNanos);
            statusCounts.computeIfAbsent(status, s -> new AtomicLong()).incrementAndGet();
        }

        String report(int rate, int seconds) {
            List<Long> sorted = new ArrayList<>(latencies);
            Collections.sort(sorted);
            double elapsed = elapsedNanos / 1e9;
            return "target: " + rate + " deliveries/s for " + seconds + " s, " + BODY_BYTES + " B bodies\n"
                    + String.format("completed: %d in %.1f s = %.0f/s%n", sorted.size(), elapsed,
                    sorted.size() / elapsed)
                    + "statuses (-1 = transport error): " + statusCounts + "\n"
                    + String.format("client latency ms: p50 %.1f  p95 %.1f  p99 %.1f  max %.1f",
                    percentile(sorted, 0.50), percentile(sorted, 0.95), percentile(sorted, 0.99),
                    percentile(sorted, 1.0));
        }

        private static double percentile(List<Long> sorted, double quantile) {
            if (sorted.isEmpty()) {
                return Double.NaN;
            }
            int index = (int) Math.min(sorted.size() - 1, Math.ceil(quantile * sorted.size()) - 1);
            return sorted.get(Math.max(0, index)) / 1e6;
        }
    }
}
