package io.tambat.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TcpProxy;
import io.tambat.it.support.TestDatabase;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A server started while its database is unreachable comes up not ready, and becomes ready by itself. */
class StartWithoutDatabaseIT {

    private static final String SCHEMA = "tambat_late_db";

    @Test
    void becomesReadyOnceTheDatabaseAppearsAndThenAccepts() {
        new TestDatabase(SCHEMA).dropSchema();
        TcpProxy database = TcpProxy.to(TestDatabase.host(), TestDatabase.port());
        try (database; TambatServerProcess server = TambatServerProcess.configured("late-db", database.port(),
                SCHEMA, StripeProcessDeliveries.ENDPOINTS).start()) {
            server.awaitListening(Duration.ofSeconds(90));
            assertThat(server.readinessStatus()).isEqualTo(503);
            String eventId = StripeProcessDeliveries.newEventId();
            HttpResponse<String> early = StripeProcessDeliveries.send(server.baseUri(), "stripe-main",
                    StripeProcessDeliveries.event(eventId), Instant.now().getEpochSecond());
            assertThat(early.statusCode()).as(early.body()).isEqualTo(503);

            database.up();
            server.awaitReady(Duration.ofSeconds(30));
            HttpResponse<String> accepted = StripeProcessDeliveries.send(server.baseUri(), "stripe-main",
                    StripeProcessDeliveries.event(eventId), Instant.now().getEpochSecond());

            assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
            assertThat(Http.json(accepted).getString("status")).isEqualTo("accepted");
            assertThat(new TestDatabase(SCHEMA).inboxRows("stripe", "stripe-main", eventId)).isEqualTo(1);
        }
    }
}
