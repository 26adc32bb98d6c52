package io.tambat.it.bench;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Open-loop load: requests sent on a fixed schedule, whatever the answers take, by a bounded set of
 * keep-alive connections, as a fleet of clients sends. When every connection is busy, requests fall behind
 * schedule and that delay counts as latency, so a slow server cannot hide behind a slow client.
 */
final class OpenLoopLoad {

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final int connections;

    OpenLoopLoad(int connections) {
        this.connections = connections;
    }

    Result run(Supplier<HttpRequest> requests, int rate, int seconds) throws InterruptedException {
        Result result = new Result(rate, seconds);
        long intervalNanos = 1_000_000_000L / rate;
        long total = (long) rate * seconds;
        AtomicLong next = new AtomicLong();
        long start = System.nanoTime();
        ExecutorService senders = Executors.newFixedThreadPool(connections);
        for (int c = 0; c < connections; c++) {
            senders.submit(() -> {
                long i;
                while ((i = next.getAndIncrement()) < total) {
                    long scheduled = start + i * intervalNanos;
                    long wait = scheduled - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(wait);
                    }
                    result.record(scheduled, send(requests.get()));
                }
            });
        }
        senders.shutdown();
        senders.awaitTermination(seconds * 10L + 60, TimeUnit.SECONDS);
        result.elapsedNanos = System.nanoTime() - start;
        return result;
    }

    private int send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Latencies and answers of one run. */
    static final class Result {
        private final int rate;
        private final int seconds;
        private final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        private final Map<Integer, AtomicLong> statusCounts = new ConcurrentHashMap<>();
        private long elapsedNanos;

        private Result(int rate, int seconds) {
            this.rate = rate;
            this.seconds = seconds;
        }

        long answered(int status) {
            return statusCounts.getOrDefault(status, new AtomicLong()).get();
        }

        private void record(long scheduledNanos, int status) {
            latencies.add(System.nanoTime() - scheduledNanos);
            statusCounts.computeIfAbsent(status, s -> new AtomicLong()).incrementAndGet();
        }

        String report(String what) {
            List<Long> sorted = new ArrayList<>(latencies);
            Collections.sort(sorted);
            double elapsed = elapsedNanos / 1e9;
            return "target: " + rate + " " + what + "/s for " + seconds + " s\n"
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
