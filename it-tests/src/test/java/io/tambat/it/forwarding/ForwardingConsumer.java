package io.tambat.it.forwarding;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.EmptyWebhookSecretException;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.tambat.it.support.FreePorts;
import io.tambat.it.support.TambatServerProcess;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;

/**
 * A shop's service taking forwarded deliveries on loopback, as its owners would write it: each request is
 * verified by the Standard Webhooks reference library (never by Tambat's own signer), recorded, and answered
 * as the test's script says. It can go down and come back on the same port, as a redeployed service does.
 */
final class ForwardingConsumer implements AutoCloseable {

    /** One request as it arrived: its headers by lower-case name, its exact body, and whether it verified. */
    record Received(Map<String, List<String>> headers, byte[] body, boolean verified, Instant at) {

        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : values.get(0);
        }

        String messageId() {
            return header("webhook-id");
        }
    }

    /** What to answer to a request, given how many copies of its message id arrived so far (1 for the first). */
    @FunctionalInterface
    interface Script {
        Reply answer(Received received, int copy);
    }

    /** @param trickles whether the body after the headers never ends: a byte every 200 ms until the client leaves */
    record Reply(int status, Map<String, String> headers, Duration delay, boolean trickles) {

        static Reply status(int status) {
            return new Reply(status, Map.of(), Duration.ZERO, false);
        }

        static Reply ok() {
            return status(204);
        }

        Reply after(Duration wait) {
            return new Reply(status, headers, wait, trickles);
        }

        Reply trickling() {
            return new Reply(status, headers, delay, true);
        }

        Reply with(String name, String value) {
            Map<String, String> more = new TreeMap<>(headers);
            more.put(name, value);
            return new Reply(status, more, delay, trickles);
        }
    }

    private final int port = FreePorts.next();
    private final Webhook verifier;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private volatile Script script;
    private HttpServer server;

    private ForwardingConsumer(String secret, Script script) {
        try {
            this.verifier = new Webhook(secret);
        } catch (EmptyWebhookSecretException e) {
            throw new IllegalArgumentException("a consumer needs a secret", e);
        }
        this.script = script;
    }

    /** A consumer listening at once, answering every request with 204. */
    static ForwardingConsumer listening(String secret) {
        return new ForwardingConsumer(secret, (request, copy) -> Reply.ok()).up();
    }

    /** Where the destination points: {@code http://127.0.0.1:<port>/hooks}. */
    String url() {
        return "http://127.0.0.1:" + port + "/hooks";
    }

    ForwardingConsumer answering(Script newScript) {
        this.script = newScript;
        return this;
    }

    /** Listens on its port (again, after {@link #down()}). */
    synchronized ForwardingConsumer up() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 64);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
        return this;
    }

    /** Stops listening: connections are refused until {@link #up()}. */
    synchronized void down() {
        server.stop(0);
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    List<Received> copiesOf(String messageId) {
        return received.stream().filter(each -> messageId.equals(each.messageId())).toList();
    }

    /** The message ids answered 2xx, each once. */
    Set<String> acknowledgedIds() {
        return Set.copyOf(acknowledged);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            Map<String, List<String>> headers = exchange.getRequestHeaders().entrySet().stream().collect(
                    Collectors.toMap(entry -> entry.getKey().toLowerCase(Locale.ROOT), Map.Entry::getValue));
            Received request = new Received(headers, body, verifies(headers, body), Instant.now());
            int copy;
            synchronized (received) {
                received.add(request);
                copy = copiesOf(request.messageId()).size();
            }
            Reply reply = script.answer(request, copy);
            if (!reply.delay().isZero()) {
                TambatServerProcess.sleep(reply.delay());
            }
            reply.headers().forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
            if (reply.status() >= 200 && reply.status() < 300 && request.verified()) {
                acknowledged.add(request.messageId());
            }
            if (reply.trickles()) {
                exchange.sendResponseHeaders(reply.status(), 0);
                trickle(exchange.getResponseBody());
            } else {
                exchange.sendResponseHeaders(reply.status(), -1);
            }
        }
    }

    /** Writes a byte every 200 ms until the client closes the connection or the consumer closes. */
    private static void trickle(OutputStream body) {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                body.write(' ');
                body.flush();
                Thread.sleep(200);
            }
        } catch (IOException e) {
            // The client left: what it is meant to do.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private boolean verifies(Map<String, List<String>> headers, byte[] body) {
        try {
            verifier.verify(new String(body, StandardCharsets.UTF_8), new TreeMap<>(headers));
            return true;
        } catch (WebhookVerificationException e) {
            return false;
        }
    }

    @Override
    public synchronized void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
