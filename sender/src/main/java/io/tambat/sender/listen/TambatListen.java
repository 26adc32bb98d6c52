package io.tambat.sender.listen;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@code tambat-listen --port <p> --secret <whsec_...> [--status <code>] [--fail-first <n>]}: a consumer of
 * forwarded deliveries on loopback. Each delivery is verified with the destination's secret and printed on one
 * line (time, message id, type, provider, event type, provider event id, size, verified or why not, the answer);
 * a verified one is answered {@code --status}, after {@code --fail-first} answers of 500 per message id; an
 * unverified one 401. Headers are printed decoded (those {@code tambat-encoded} names) and escaped, so a
 * provider's event id cannot write lines or escape sequences of its own. The body itself is never printed: it
 * may hold a customer's data.
 */
public final class TambatListen implements AutoCloseable {

    private final ListenOptions options;
    private final PrintStream out;
    private final Clock clock;
    private final Map<String, Integer> attempts = new ConcurrentHashMap<>();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final HttpServer server;

    private TambatListen(ListenOptions options, PrintStream out, Clock clock) {
        this.options = options;
        this.out = out;
        this.clock = clock;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), options.port()), 64);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on 127.0.0.1:" + options.port(), e);
        }
        server.setExecutor(threads);
        server.createContext("/", this::handle);
    }

    public static void main(String[] args) {
        if (args.length == 1 && ListenOptions.HELP.contains(args[0])) {
            System.out.print(ListenOptions.usage());
            return;
        }
        ListenOptions options;
        try {
            options = ListenOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("tambat-listen: " + e.getMessage());
            System.err.print(ListenOptions.usage());
            System.exit(2);
            return;
        }
        TambatListen listener = start(options, System.out, Clock.systemUTC());
        System.out.println("tambat-listen: listening on http://127.0.0.1:" + listener.port() + "/ (Ctrl-C stops)");
        Runtime.getRuntime().addShutdownHook(new Thread(listener::close));
    }

    /** Listens at once; port 0 takes a free one ({@link #port()} says which). */
    static TambatListen start(ListenOptions options, PrintStream out, Clock clock) {
        TambatListen listener = new TambatListen(options, out, clock);
        listener.server.start();
        return listener;
    }

    int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            Instant now = clock.instant();
            Optional<String> failure = SignatureCheck.failure(options.secret(), id,
                    exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                    exchange.getRequestHeaders().getFirst("webhook-signature"), body, now);
            int status;
            String verdict;
            if (failure.isPresent()) {
                status = 401;
                verdict = "NOT VERIFIED: " + failure.get();
            } else {
                int attempt = attempts.merge(id, 1, Integer::sum);
                status = attempt <= options.failFirst() ? 500 : options.status();
                verdict = attempt <= options.failFirst()
                        ? "verified, failing attempt " + attempt + " of " + options.failFirst() : "verified";
            }
            DeliveryHeaders headers = new DeliveryHeaders(exchange.getRequestHeaders());
            // The message id as it was signed, never decoded: the forwarder encodes only tambat-* headers.
            synchronized (out) {
                out.printf("%s  %s  %s  %s  %s  %s  %d bytes  %s  -> %d%n", now.truncatedTo(ChronoUnit.SECONDS),
                        printable(Optional.ofNullable(id)), printable(headers.value("tambat-message-type")),
                        printable(headers.value("tambat-provider")), printable(headers.value("tambat-event-type")),
                        printable(headers.value("tambat-provider-event-id")), body.length, verdict, status);
            }
            exchange.sendResponseHeaders(status, -1);
        }
    }

    private static String printable(Optional<String> value) {
        return value.map(TerminalText::escaped).orElse("-");
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
