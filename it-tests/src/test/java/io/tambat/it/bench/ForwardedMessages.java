package io.tambat.it.bench;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.EmptyWebhookSecretException;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.tambat.it.support.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The forwarding scenario's destination: a lean loopback service that verifies every request with the Standard
 * Webhooks reference library and answers 204, keeping only the ids it took and two counts, so that a run of a
 * few hundred thousand messages costs the benchmark's JVM little memory.
 */
final class ForwardedMessages implements AutoCloseable {

    static final String DESTINATION = "bench-sink";
    /** Standard Webhooks signing secret of the scenario's destination. */
    static final String SECRET = "whsec_YmVuY2ggZm9yd2FyZGluZyBzZWNyZXQ=";
    /** As many as the destination's default max-in-flight, so a request never waits for a thread here. */
    private static final int THREADS = 16;

    private final int port = FreePorts.next();
    private final Webhook verifier;
    private final Set<String> verifiedIds = ConcurrentHashMap.newKeySet();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final ExecutorService threads = Executors.newFixedThreadPool(THREADS);
    private final HttpServer server;

    ForwardedMessages() {
        try {
            verifier = new Webhook(SECRET);
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 128);
        } catch (EmptyWebhookSecretException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/", this::take);
        server.start();
    }

    /** The settings of a destination {@link #DESTINATION} sending this endpoint's events and state changes here. */
    Map<String, String> destination(String endpoint) {
        return Map.of(
                "TAMBAT_FORWARDING_DESTINATIONS", DESTINATION,
                "TAMBAT_FORWARDING_DESTINATION_BENCH_SINK_KIND", "http",
                "TAMBAT_FORWARDING_DESTINATION_BENCH_SINK_URL", "http://127.0.0.1:" + port + "/hooks",
                "TAMBAT_FORWARDING_DESTINATION_BENCH_SINK_SECRETS", "v1:" + SECRET,
                "TAMBAT_FORWARDING_DESTINATION_BENCH_SINK_MESSAGES", "events,state-changes",
                "TAMBAT_FORWARDING_DESTINATION_BENCH_SINK_ENDPOINTS", endpoint);
    }

    /** Distinct message ids that arrived verified and were answered 204. */
    long verified() {
        return verifiedIds.size();
    }

    /** Every request, copies of one message included. */
    long requests() {
        return requests.get();
    }

    /** Requests whose signature did not verify, answered 400. */
    long refused() {
        return refused.get();
    }

    private void take(HttpExchange exchange) throws IOException {
        try (exchange) {
            requests.incrementAndGet();
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, List<String>> headers = new TreeMap<>();
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
            try {
                verifier.verify(new String(body, StandardCharsets.UTF_8), headers);
            } catch (WebhookVerificationException e) {
                refused.incrementAndGet();
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            verifiedIds.add(headers.get("webhook-id").get(0));
            exchange.sendResponseHeaders(204, -1);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
