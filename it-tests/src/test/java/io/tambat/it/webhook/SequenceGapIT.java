package io.tambat.it.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.StandardDeliveries;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Deltas in a per-object sequence apply strictly in order: one that arrives early waits, within a bounded
 * window, for its predecessors; a gap that outlives the window ends the event FAILED (no provider API to
 * reconcile from here) and is counted for alerting.
 */
class SequenceGapIT extends DeployedTambatTest {

    private static final Duration CONVERGENCE = Duration.ofSeconds(30);

    @Test
    void anEarlyDeltaWaitsForItsPredecessorThenBothApplyInOrder() {
        String account = accountWithItsFirstDeltaProcessed();

        String third = deliver(account, 3);
        // Not a pause: the delta has been tried and found its predecessor missing, and waits for it.
        Eventually.within(CONVERGENCE, () -> assertThat(lastError(third)).startsWith("waiting: "));
        assertThat(status(third)).isNotEqualTo("PROCESSED");
        String second = deliver(account, 2);

        Eventually.within(CONVERGENCE, () -> {
            assertThat(status(second)).isEqualTo("PROCESSED");
            assertThat(status(third)).isEqualTo("PROCESSED");
        });
        Map<String, Object> state = db.rows("SELECT state, version FROM object_state WHERE object_id = ?", account)
                .get(0);
        assertThat(state).containsEntry("version", 3L).containsEntry("state", "balance-3");
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", account)).isEqualTo(3);
    }

    @Test
    void aGapThatOutlivesItsWindowFailsTheEventAndIsCounted() {
        String account = accountWithItsFirstDeltaProcessed();

        String orphan = deliver(account, 3);

        Eventually.within(CONVERGENCE, () -> assertThat(status(orphan)).isEqualTo("FAILED"));
        assertThat((String) db.rows("SELECT last_error FROM webhook_inbox WHERE provider_event_id = ?", orphan)
                .get(0).get("last_error")).contains("sequence gap");
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", account)).isEqualTo(1);
        assertThat(Http.send(Http.request(ArquillianServer.baseUri().resolve("metrics?scope=application")).GET()
                .build()).body()).containsPattern("tambat_processing_sequence_gaps_total\\{[^}]*outcome=\"failed\"[^}]*} [1-9]");
    }

    /** A new account whose delta of sequence 1 has been applied: the next in order is 2. */
    private String accountWithItsFirstDeltaProcessed() {
        String account = "acct_" + UUID.randomUUID();
        String first = deliver(account, 1);
        Eventually.within(CONVERGENCE, () -> assertThat(status(first)).isEqualTo("PROCESSED"));
        return account;
    }

    private static String deliver(String account, long sequence) {
        String messageId = StandardDeliveries.newMessageId();
        byte[] body = ("{\"type\":\"balance.adjusted\",\"data\":{\"object\":\"account\",\"id\":\"" + account
                + "\",\"status\":\"balance-" + sequence + "\",\"sequence\":" + sequence + "}}")
                .getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> response = StandardDeliveries.send(
                ArquillianServer.baseUri().resolve("webhooks/standard/std-deltas"), StandardDeliveries.SECRET, messageId,
                body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return messageId;
    }

    private String lastError(String messageId) {
        Object error = db.rows("SELECT last_error FROM webhook_inbox WHERE provider_event_id = ?", messageId).get(0)
                .get("last_error");
        return error == null ? "" : (String) error;
    }

    private String status(String messageId) {
        return StandardDeliveries.status(db, messageId);
    }
}
