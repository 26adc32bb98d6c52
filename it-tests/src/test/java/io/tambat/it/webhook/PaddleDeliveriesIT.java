package io.tambat.it.webhook;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static io.tambat.it.webhook.StoredOnceAssertions.assertAcceptedThenDuplicate;
import static io.tambat.it.webhook.StoredOnceAssertions.assertStoredOnceThenProcessed;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.sender.signing.PaddleSigner;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Paddle Billing deliveries through the deployed server, from raw bytes to the transaction's state: a retry
 * re-signed with a new timestamp, a signature older than Paddle's five seconds, a tampered body, and transaction
 * versions delivered out of order.
 */
class PaddleDeliveriesIT extends DeployedTambatTest {

    private static final String ENDPOINT = "paddle-main";
    private static final String SECRET = "pdl_ntfset_it_paddle_main";
    private static final Duration CONVERGENCE = Duration.ofSeconds(30);

    @Test
    void storesATransactionOnceAcrossRetriesAndProcessesItIntoItsPaymentState() {
        String eventId = "evt_" + UUID.randomUUID();
        String transactionId = "txn_" + UUID.randomUUID();
        byte[] body = event(eventId, "transaction.completed", transactionId, "completed",
                "2024-04-12T10:18:49.738972Z");

        HttpResponse<String> first = send(body, Instant.now());
        HttpResponse<String> retry = send(body, Instant.now().plusSeconds(1));

        assertAcceptedThenDuplicate(first, retry);
        assertStoredOnceThenProcessed(db, "paddle", ENDPOINT, eventId, CONVERGENCE);
        JsonObject transaction = objectState(transactionId);
        assertThat(transaction.getString("state")).isEqualTo("completed");
        assertThat(transaction.getJsonNumber("version").longValue()).isEqualTo(1_712_917_129_738_972L);
    }

    @Test
    void refusesASignatureOlderThanFiveSecondsAndATamperedBody() {
        String eventId = "evt_" + UUID.randomUUID();
        byte[] body = event(eventId, "transaction.paid", "txn_" + UUID.randomUUID(), "paid", "2024-04-12T10:18:49Z");

        assertProblem(send(body, Instant.now().minusSeconds(60)), 401, "timestamp_stale");
        long now = Instant.now().getEpochSecond();
        HttpResponse<String> tampered = Http.post(uri(),
                new String(body, StandardCharsets.UTF_8).replace("\"paid\"", "\"completed\"")
                        .getBytes(StandardCharsets.UTF_8),
                "Content-Type", "application/json", "Paddle-Signature", PaddleSigner.signatureHeader(SECRET, now, body));
        assertProblem(tampered, 401, "signature_invalid");
        assertThat(tampered.body()).doesNotContain(SECRET);
        assertThat(db.inboxRows("paddle", ENDPOINT, eventId)).isZero();
    }

    @Test
    void anOlderTransactionVersionArrivingLateLeavesTheNewerState() {
        String transactionId = "txn_" + UUID.randomUUID();
        String completed = deliver(transactionId, "completed", "2024-04-12T10:18:49.000002Z");
        Eventually.within(CONVERGENCE, () -> assertThat(status(completed)).isEqualTo("PROCESSED"));
        String paid = deliver(transactionId, "paid", "2024-04-12T10:18:49.000001Z");
        Eventually.within(CONVERGENCE, () -> assertThat(status(paid)).isEqualTo("PROCESSED"));

        assertThat(objectState(transactionId).getString("state")).isEqualTo("completed");
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", transactionId)).isEqualTo(1);
    }

    private static byte[] event(String eventId, String eventType, String transactionId, String status,
            String updatedAt) {
        return ("{\"event_id\":\"" + eventId + "\",\"event_type\":\"" + eventType + "\",\"occurred_at\":\""
                + updatedAt + "\",\"data\":{\"id\":\"" + transactionId + "\",\"status\":\"" + status
                + "\",\"updated_at\":\"" + updatedAt + "\"}}").getBytes(StandardCharsets.UTF_8);
    }

    /** Sends a signed transaction event and returns its event id once it was accepted. */
    private static String deliver(String transactionId, String status, String updatedAt) {
        String eventId = "evt_" + UUID.randomUUID();
        HttpResponse<String> response = send(event(eventId, "transaction.updated", transactionId, status, updatedAt),
                Instant.now());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return eventId;
    }

    private static HttpResponse<String> send(byte[] body, Instant signedAt) {
        return Http.post(uri(), body, "Content-Type", "application/json",
                "Paddle-Signature", PaddleSigner.signatureHeader(SECRET, signedAt.getEpochSecond(), body));
    }

    private static URI uri() {
        return ArquillianServer.baseUri().resolve("webhooks/paddle/" + ENDPOINT);
    }

    private String status(String eventId) {
        return db.inboxStatus("paddle", ENDPOINT, eventId);
    }

    private static JsonObject objectState(String transactionId) {
        return new AdminClient(ArquillianServer.baseUri()).objectState("paddle", "payment", transactionId);
    }
}
