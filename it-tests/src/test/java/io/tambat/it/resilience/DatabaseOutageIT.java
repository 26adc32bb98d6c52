package io.tambat.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TcpProxy;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The database goes away under a running server (a proxy between them is cut): nothing is acknowledged,
 * readiness goes DOWN, and the same delivery is accepted once the database is back.
 */
class DatabaseOutageIT {

    private static final String SCHEMA = "tambat_outage";

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
    void failsClosedWhenNoSecretIsCachedAndTheStoreIsAway() {
        database.down();

        HttpResponse<String> response = StripeProcessDeliveries.send(server.baseUri(), "stripe-cold",
                StripeProcessDeliveries.event(StripeProcessDeliveries.newEventId()), Instant.now().getEpochSecond());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(503);
        JsonObject problem = Http.json(response);
        assertThat(problem.getString("code")).isEqualTo("secrets_unavailable");
        assertThat(response.headers().firstValue("Retry-After")).isPresent();
    }
}
