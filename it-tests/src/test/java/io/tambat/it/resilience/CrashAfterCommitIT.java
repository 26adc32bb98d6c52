package io.tambat.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TcpProxy;
import io.tambat.it.support.TestDatabase;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The server is killed after its inbox commit and before its answer reaches the provider. The provider
 * retries (new timestamp, new signature): the retry is a duplicate of the committed row, and there is still
 * exactly one row and one unit of work.
 */
class CrashAfterCommitIT {

    private static final String SCHEMA = "tambat_crash";

    private final TestDatabase db = new TestDatabase(SCHEMA);

    @Test
    void providerRetryAfterACrashBetweenCommitAndAnswerIsADuplicate() {
        db.dropSchema();
        TambatServerProcess first = TambatServerProcess.configured("crash-first", TestDatabase.port(), SCHEMA,
                StripeProcessDeliveries.ENDPOINTS).start().awaitReady(Duration.ofSeconds(90));
        String eventId = StripeProcessDeliveries.newEventId();
        byte[] body = StripeProcessDeliveries.event(eventId);
        long firstAttempt = Instant.now().getEpochSecond();
        try (first; TcpProxy provider = TcpProxy.to("127.0.0.1", first.httpPort())) {
            // The answer is written only after the commit, so its first byte is the proof the commit happened.
            provider.beforeFirstResponseByte(first::kill);
            provider.up();
            URI throughProxy = URI.create("http://127.0.0.1:" + provider.port() + "/");

            assertThatThrownBy(() -> StripeProcessDeliveries.send(throughProxy, "stripe-main", body, firstAttempt))
                    .as("the provider never sees an answer").isInstanceOf(IllegalStateException.class);
        }
        List<Map<String, Object>> committed = db.rows(
                "SELECT CAST(inbox_id AS text) AS inbox_id FROM webhook_inbox WHERE provider_event_id = ?", eventId);
        assertThat(committed).hasSize(1);

        try (TambatServerProcess restarted = TambatServerProcess.configured("crash-restarted", TestDatabase.port(),
                SCHEMA, StripeProcessDeliveries.ENDPOINTS).start().awaitReady(Duration.ofSeconds(90))) {
            HttpResponse<String> retry = StripeProcessDeliveries.send(restarted.baseUri(), "stripe-main", body,
                    firstAttempt + 30);

            assertThat(retry.statusCode()).as(retry.body()).isEqualTo(200);
            assertThat(Http.json(retry).getString("status")).isEqualTo("duplicate");
            assertThat(Http.json(retry).getString("inbox_id")).isEqualTo(committed.get(0).get("inbox_id"));
        }
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isEqualTo(1);
        assertThat(db.outboxRows("stripe", "stripe-main", eventId)).isEqualTo(1);
    }
}
