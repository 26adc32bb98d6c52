package io.tambat.adapter.out.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationTarget;
import io.tambat.domain.model.forwarding.EventTypePatterns;
import io.tambat.domain.model.forwarding.ForwardMessage;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.RetrySchedule;
import io.tambat.domain.model.forwarding.SigningSecret;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Against a consumer of raw bytes on a loopback socket, so it can misbehave as no HTTP server library would. What
 * these tests guard against is a send that never returns: the class's timeout makes a regression fail, not hang
 * the build.
 */
@Timeout(20)
class HttpDestinationTransportTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    /** What an attempt may take past its timeout on a machine busy with other builds. */
    private static final Duration MARGIN = Duration.ofSeconds(1);
    /** How long a test waits for the consumer to see its connection closed. */
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final int TRICKLE_PERIOD_MILLIS = 200;
    private static final Pattern CONTENT_LENGTH = Pattern.compile("^content-length:\\s*(\\d+)",
            Pattern.CASE_INSENSITIVE | Pattern.MULTILINE);
    private static final int END_OF_HEAD = 0x0D0A0D0A;

    private final HttpDestinationTransport transport = new HttpDestinationTransport();
    private final ExecutorService consumerThreads = Executors.newCachedThreadPool();
    private final List<Socket> connections = new CopyOnWriteArrayList<>();
    /** When the consumer saw the client close a connection, as a {@link System#nanoTime()} value. */
    private final CompletableFuture<Long> closedByClientAt = new CompletableFuture<>();
    private ServerSocket consumer;

    @BeforeEach
    void openConsumer() throws IOException {
        transport.clock = Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC);
        consumer = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    }

    @AfterEach
    void stopConsumer() throws IOException, InterruptedException {
        consumer.close();
        for (Socket connection : connections) {
            connection.close();
        }
        consumerThreads.shutdownNow();
        consumerThreads.awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void deliversOnTheStatusOfAnEndlessBodyAndClosesItsConnectionByTheTimeout() throws Exception {
        consumerAnswers(connection -> {
            readRequest(connection.getInputStream());
            write(connection, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n");
            trickleChunksUntilClosed(connection);
        });
        long started = System.nanoTime();

        DeliveryOutcome outcome = transport.send(destination(TIMEOUT), target(), message());

        assertThat(outcome).isEqualTo(new DeliveryOutcome.Delivered(Optional.of(200)));
        assertThat(since(started)).isLessThan(TIMEOUT.plus(MARGIN));
        long closedAt = closedByClientAt.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(Duration.ofNanos(closedAt - started)).isLessThan(TIMEOUT.plus(MARGIN));
    }

    @Test
    void cutsOffABodyPastItsPrefixLongBeforeTheTimeout() throws Exception {
        consumerAnswers(connection -> {
            readRequest(connection.getInputStream());
            write(connection, "HTTP/1.1 200 OK\r\nContent-Length: 1073741824\r\n\r\n");
            streamUntilClosed(connection);
        });
        Duration timeout = Duration.ofSeconds(30);
        long started = System.nanoTime();

        DeliveryOutcome outcome = transport.send(destination(timeout), target(), message());

        assertThat(outcome).isEqualTo(new DeliveryOutcome.Delivered(Optional.of(200)));
        long closedAt = closedByClientAt.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        assertThat(Duration.ofNanos(closedAt - started)).isLessThan(timeout.dividedBy(10));
    }

    @Test
    void aConsumerThatAnswersAfterTheTimeoutIsNotDelivered() {
        consumerAnswers(connection -> {
            readRequest(connection.getInputStream());
            Thread.sleep(TIMEOUT.multipliedBy(5).toMillis());
            write(connection, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
        });
        long started = System.nanoTime();

        DeliveryOutcome outcome = transport.send(destination(TIMEOUT), target(), message());

        assertThat(outcome).isInstanceOfSatisfying(DeliveryOutcome.NotDelivered.class, notDelivered -> {
            assertThat(notDelivered.status()).isEmpty();
            assertThat(notDelivered.reason()).startsWith("timeout");
        });
        assertThat(since(started)).isLessThan(TIMEOUT.plus(MARGIN));
    }

    @Test
    void readsAShortAnswerToItsEndAndKeepsItsConnectionForTheNextSend() {
        Queue<String> answers = new ConcurrentLinkedQueue<>(List.of(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 8\r\n\r\naccepted",
                "HTTP/1.1 204 No Content\r\n\r\n"));
        consumerAnswers(connection -> {
            while (readRequest(connection.getInputStream()).isPresent()) {
                write(connection, answers.remove());
            }
            closedByClientAt.complete(System.nanoTime());
        });
        Destination destination = destination(TIMEOUT);

        DeliveryOutcome first = transport.send(destination, target(), message());
        DeliveryOutcome second = transport.send(destination, target(), message());

        assertThat(first).isEqualTo(new DeliveryOutcome.Delivered(Optional.of(200)));
        assertThat(second).isEqualTo(new DeliveryOutcome.Delivered(Optional.of(204)));
        assertThat(closedByClientAt).as("a connection the client closed instead of pooling").isNotDone();
    }

    @Test
    void sendsHeaderValuesHttpCannotCarryPercentEncodedAndNamedSoTheMessageIsDelivered() throws Exception {
        CompletableFuture<String> head = new CompletableFuture<>();
        consumerAnswers(connection -> {
            head.complete(readRequest(connection.getInputStream()).orElseThrow());
            write(connection, "HTTP/1.1 204 No Content\r\n\r\n");
        });
        ForwardMessage message = message("paiement.réussi.日本", "evt_1\r\nX-Injected: yes");

        DeliveryOutcome outcome = transport.send(destination(TIMEOUT), target(), message);

        assertThat(outcome).isEqualTo(new DeliveryOutcome.Delivered(Optional.of(204)));
        assertThat(headerLines(head.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS)))
                .containsEntry("tambat-event-type", "paiement.r%C3%A9ussi.%E6%97%A5%E6%9C%AC")
                .containsEntry("tambat-provider-event-id", "evt_1%0D%0AX-Injected:%20yes")
                .containsEntry("tambat-encoded", "tambat-event-type,tambat-provider-event-id")
                .containsEntry("tambat-provider", "stripe")
                .doesNotContainKey("x-injected");
    }

    /** What the consumer does with each connection, on a thread of its own. */
    private interface Answer {
        void to(Socket connection) throws IOException, InterruptedException;
    }

    private void consumerAnswers(Answer answer) {
        consumerThreads.execute(() -> {
            while (!consumer.isClosed()) {
                try {
                    Socket connection = consumer.accept();
                    connections.add(connection);
                    consumerThreads.execute(() -> {
                        try {
                            answer.to(connection);
                        } catch (IOException | InterruptedException stopped) {
                            // The test is over: stopConsumer closed the socket or interrupted the thread.
                        }
                    });
                } catch (IOException closed) {
                    return;
                }
            }
        });
    }

    /**
     * Reads one request, head and body, and returns its head; empty when the client closed the connection instead
     * of sending one.
     */
    private static Optional<String> readRequest(InputStream in) throws IOException {
        ByteArrayOutputStream headBytes = new ByteArrayOutputStream();
        int lastFour = 0;
        while (lastFour != END_OF_HEAD) {
            int next = in.read();
            if (next == -1) {
                return Optional.empty();
            }
            headBytes.write(next);
            lastFour = lastFour << 8 | next;
        }
        String head = headBytes.toString(StandardCharsets.ISO_8859_1);
        Matcher length = CONTENT_LENGTH.matcher(head);
        in.readNBytes(length.find() ? Integer.parseInt(length.group(1)) : 0);
        return Optional.of(head);
    }

    /** Each header line of a request's head by its name in lower case (a repeated name keeps its last value). */
    private static Map<String, String> headerLines(String head) {
        Map<String, String> headers = new HashMap<>();
        head.lines().skip(1).filter(line -> line.contains(":")).forEach(line -> headers.put(
                line.substring(0, line.indexOf(':')).trim().toLowerCase(Locale.ROOT),
                line.substring(line.indexOf(':') + 1).trim()));
        return headers;
    }

    private static void write(Socket connection, String text) throws IOException {
        OutputStream out = connection.getOutputStream();
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** One byte of chunked body per period, for ever, until the client closes the connection. */
    private void trickleChunksUntilClosed(Socket connection) throws IOException {
        connection.setSoTimeout(TRICKLE_PERIOD_MILLIS);
        InputStream in = connection.getInputStream();
        try {
            while (true) {
                try {
                    if (in.read() == -1) {
                        break;
                    }
                } catch (SocketTimeoutException quietPeriod) {
                    write(connection, "1\r\nx\r\n");
                }
            }
        } catch (IOException reset) {
            // The client closed while a chunk was on its way.
        }
        closedByClientAt.complete(System.nanoTime());
    }

    /** Body bytes as fast as the client takes them, until it closes the connection. */
    private void streamUntilClosed(Socket connection) {
        byte[] block = new byte[8 * 1024];
        try {
            OutputStream out = connection.getOutputStream();
            while (true) {
                out.write(block);
            }
        } catch (IOException reset) {
            closedByClientAt.complete(System.nanoTime());
        }
    }

    private static Duration since(long started) {
        return Duration.ofNanos(System.nanoTime() - started);
    }

    private Destination destination(Duration timeout) {
        return new Destination("shop", Set.of(MessageType.EVENT), Optional.empty(), EventTypePatterns.any(),
                RetrySchedule.DEFAULT, timeout, 1, Optional.empty(), Destination.Ordering.NONE, target());
    }

    private DestinationTarget.Http target() {
        return new DestinationTarget.Http(URI.create("http://127.0.0.1:" + consumer.getLocalPort() + "/hooks"),
                List.of(new SigningSecret("v1", new byte[24])));
    }

    private static ForwardMessage message() {
        return message("payment_intent.succeeded", "evt_1");
    }

    private static ForwardMessage message(String eventType, String providerEventId) {
        return new ForwardMessage("msg_2vTq8Xk1", MessageType.EVENT,
                UUID.fromString("0190f3c2-7d1e-7a3b-9c4d-5e6f708192a3"), "payment_intent:pi_1", "stripe",
                "stripe-main", eventType, providerEventId, "application/json",
                "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8));
    }
}
