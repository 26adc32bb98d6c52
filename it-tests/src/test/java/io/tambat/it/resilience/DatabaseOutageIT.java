package io.tambat.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TcpProxy;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The database goes away under a running server (a proxy between them is cut): nothing is acknowledged,
 * readiness goes DOWN, and the same delivery is accepted once the database is back. Or it hangs under a stream
 * of deliveries: each is answered 503 in seconds.
 */
class DatabaseOutageIT {

    private static final String SCHEMA = "tambat_outage";
    /**
     * The longest a delivery may take while the database hangs: the driver's login timeout (2 s) for the commit
     * that finds it gone, with a margin for a loaded machine; far below the minutes that a group's connection
     * attempts, one member after another, would take.
     */
    private static final Duration ANSWERED_WITHIN = Duration.ofSeconds(5);
    /**
     * The deadline of a delivery waiting for a commit (the group commit's longest wait, 1.5 s), with a margin for a
     * loaded machine: past it, a delivery is answered 503 whether or not its group's transaction still hangs.
     */
    private static final Duration DEADLINE = Duration.ofMillis(2_500);
    /** Groups that may commit at once: the callers that run them wait for their transaction to end. */
    private static final int COMMITTERS = 2;
    private static final Pattern ACTIVE_THREADS = Pattern.compile("(?m)^threadpool_activeThreads\\{[^}]*} ([0-9.]+)");

    private final TestDatabase db = new TestDatabase(SCHEMA);
    private TcpProxy database;
    private TambatServerProcess server;

    @BeforeEach
    void startServerBehindADatabaseProxy() {
        db.dropSchema();
        database = TcpProxy.to(TestDatabase.host(), TestDatabase.port()).up();
        server = TambatServerProcess.configured("outage", database.port(), SCHEMA, StripeProcessDeliveries.ENDPOINTS)
                .start().awaitReady(Duration.ofSeconds(90));
    }

    @AfterEach
    void stop() {
        server.close();
        database.close();
    }

    @Test
    void answers503WhileTheDatabaseIsAwayAndAcceptsTheSameDeliveryAfter() {
        long now = Instant.now().getEpochSecond();
        assertThat(StripeProcessDeliveries.send(server.baseUri(), "stripe-main",
                StripeProcessDeliveries.event(StripeProcessDeliveries.newEventId()), now).statusCode()).isEqualTo(200);
        String eventId = StripeProcessDeliveries.newEventId();
        byte[] body = StripeProcessDeliveries.event(eventId);

        database.down();
        HttpResponse<String> during = StripeProcessDeliveries.send(server.baseUri(), "stripe-main", body, now);

        assertThat(during.statusCode()).as(during.body()).isEqualTo(503);
        assertThat(Http.json(during).getString("code")).isEqualTo("storage_unavailable");
        assertThat(during.headers().firstValue("Retry-After")).isPresent();
        assertThat(server.readinessStatus()).isEqualTo(503);
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isZero();

        database.up();
        server.awaitReady(Duration.ofSeconds(30));
        HttpResponse<String> after = StripeProcessDeliveries.send(server.baseUri(), "stripe-main", body, now);

        assertThat(after.statusCode()).as(after.body()).isEqualTo(200);
        assertThat(Http.json(after).getString("status")).isEqualTo("accepted");
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isEqualTo(1);
    }

    @Test
    void aHungDatabaseUnderAStreamOfDeliveriesAnswersEach503InSecondsAndHoldsNoThreadAfter() throws Exception {
        long now = Instant.now().getEpochSecond();
        for (int i = 0; i < 10; i++) {
            assertThat(StripeProcessDeliveries.send(server.baseUri(), "stripe-main",
                    StripeProcessDeliveries.event(StripeProcessDeliveries.newEventId()), now).statusCode())
                    .isEqualTo(200);
        }
        double idleThreads = activeThreads();

        database.stall();
        ExecutorService senders = Executors.newFixedThreadPool(48);
        List<Future<Answer>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < 144; i++) {
                answers.add(senders.submit(() -> {
                    long started = System.nanoTime();
                    HttpResponse<String> response = StripeProcessDeliveries.send(server.baseUri(), "stripe-main",
                            StripeProcessDeliveries.event(StripeProcessDeliveries.newEventId()), now);
                    return new Answer(response.statusCode(), Duration.ofNanos(System.nanoTime() - started),
                            response.headers().firstValue("Retry-After").isPresent());
                }));
                Thread.sleep(10);
            }
            List<Duration> took = new ArrayList<>();
            for (Future<Answer> answer : answers) {
                assertThat(answer.get(2 * ANSWERED_WITHIN.toSeconds(), TimeUnit.SECONDS)).satisfies(each -> {
                    assertThat(each.status()).isEqualTo(503);
                    assertThat(each.retryAfter()).isTrue();
                    assertThat(each.took()).isLessThanOrEqualTo(ANSWERED_WITHIN);
                    took.add(each.took());
                });
            }
            // Only the callers that committed waited for their transaction; every other was answered at the deadline.
            assertThat(took.stream().filter(each -> each.compareTo(DEADLINE) > 0).count())
                    .as("answers later than %s: %s", DEADLINE, took.stream().map(Duration::toMillis).sorted().toList())
                    .isLessThanOrEqualTo(COMMITTERS);
        } finally {
            senders.shutdownNow();
        }

        database.up();
        server.awaitReady(Duration.ofSeconds(30));
        assertThat(StripeProcessDeliveries.send(server.baseUri(), "stripe-main",
                StripeProcessDeliveries.event(StripeProcessDeliveries.newEventId()), now).statusCode()).isEqualTo(200);
        Eventually.within(Duration.ofSeconds(10), () -> assertThat(activeThreads())
                .as("the server's threads in use, back to about what they were").isLessThanOrEqualTo(idleThreads + 3));
    }

    @Test
    void failsClosedWhenNoSecretIsCachedAndTheStoreIsAway() {
        database.down();

        HttpResponse<String> response = StripeProcessDeliveries.send(server.baseUri(), "stripe-cold",
                StripeProcessDeliveries.event(StripeProcessDeliveries.newEventId()), Instant.now().getEpochSecond());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
        JsonObject problem = Http.json(response);
        assertThat(problem.getString("code")).isEqualTo("secrets_unavailable");
        assertThat(response.headers().firstValue("Retry-After")).isPresent();
    }

    /** Every pool's threads in use, as the server's metrics give them. */
    private double activeThreads() {
        Matcher lines = ACTIVE_THREADS.matcher(Http.send(Http.request(server.baseUri().resolve("metrics")).GET().build()).body());
        double active = 0;
        while (lines.find()) {
            active += Double.parseDouble(lines.group(1));
        }
        return active;
    }

    private record Answer(int status, Duration took, boolean retryAfter) {
    }
}
