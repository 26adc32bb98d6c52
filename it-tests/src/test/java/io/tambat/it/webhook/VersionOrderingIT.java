package io.tambat.it.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.ProblemAssertions;
import io.tambat.it.support.StandardDeliveries;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Arrival order never defines business order: versions of one object delivered out of order end at the
 * highest version, and stale deliveries are processed no-ops.
 */
class VersionOrderingIT extends DeployedTambatTest {

    private static final Duration CONVERGENCE = Duration.ofSeconds(30);

    @Test
    void versionsThreeOneTwoEndAtVersionThreeWithOneMutation() {
        String objectId = "pay_" + UUID.randomUUID();

        String v3 = deliver(objectId, 3, "succeeded");
        String v1 = deliver(objectId, 1, "requires_payment_method");
        String v2 = deliver(objectId, 2, "processing");

        for (String messageId : new String[] {v3, v1, v2}) {
            Eventually.within(CONVERGENCE, () -> assertThat(status(messageId)).isEqualTo("PROCESSED"));
        }
        JsonObject state = objectState(objectId);
        assertThat(state.getString("state")).isEqualTo("succeeded");
        assertThat(state.getJsonNumber("version").longValue()).isEqualTo(3);
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", objectId)).isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM processed_event WHERE provider = 'standard' "
                + "AND provider_event_id IN (?, ?, ?)", v1, v2, v3)).isEqualTo(3);
    }

    @Test
    void eachNewerVersionAppliesOnceInOrderOfVersionNotArrival() {
        String objectId = "pay_" + UUID.randomUUID();

        String v1 = deliver(objectId, 1, "requires_payment_method");
        Eventually.within(CONVERGENCE, () -> assertThat(status(v1)).isEqualTo("PROCESSED"));
        String v3 = deliver(objectId, 3, "succeeded");
        Eventually.within(CONVERGENCE, () -> assertThat(status(v3)).isEqualTo("PROCESSED"));
        String v2 = deliver(objectId, 2, "processing");
        Eventually.within(CONVERGENCE, () -> assertThat(status(v2)).isEqualTo("PROCESSED"));

        assertThat(objectState(objectId).getJsonNumber("version").longValue()).isEqualTo(3);
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", objectId)).isEqualTo(2);
    }

    @Test
    void redeliveryOfAProcessedEventChangesNothing() {
        String objectId = "pay_" + UUID.randomUUID();
        String messageId = StandardDeliveries.newMessageId();
        byte[] body = body(objectId, 1, "succeeded");
        send(messageId, body);
        Eventually.within(CONVERGENCE, () -> assertThat(status(messageId)).isEqualTo("PROCESSED"));

        HttpResponse<String> again = send(messageId, body);

        assertThat(Http.json(again).getString("status")).isEqualTo("duplicate");
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", objectId)).isEqualTo(1);
    }

    @Test
    void twoEndpointsKeepTheirOwnStateOfOneObjectId() {
        String objectId = "pay_" + UUID.randomUUID();
        String onMain = deliver(objectId, 5, "succeeded");
        String onOther = StandardDeliveries.newMessageId();
        assertThat(StandardDeliveries.send(ArquillianServer.baseUri().resolve("webhooks/standard/std-other"),
                StandardDeliveries.SECRET, onOther, body(objectId, 1, "requires_payment_method")).statusCode())
                .isEqualTo(200);
        for (String messageId : new String[] {onMain, onOther}) {
            Eventually.within(CONVERGENCE, () -> assertThat(status(messageId)).isEqualTo("PROCESSED"));
        }

        assertThat(db.rows("SELECT endpoint_id, state, version FROM object_state WHERE object_id = ? "
                + "ORDER BY endpoint_id", objectId)).extracting(row -> row.get("endpoint_id") + ":" + row.get("state")
                + ":" + row.get("version")).containsExactly("std-main:succeeded:5", "std-other:requires_payment_method:1");
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", objectId)).isEqualTo(2);
        AdminClient admin = new AdminClient(ArquillianServer.baseUri());
        ProblemAssertions.assertProblem(admin.get("admin/objects/standard/payment/" + objectId), 409,
                "ambiguous_object");
        JsonObject other = Http.json(admin.get("admin/objects/standard/payment/" + objectId + "?endpoint=std-other"));
        assertThat(other.getString("endpoint_id")).isEqualTo("std-other");
        assertThat(other.getString("state")).isEqualTo("requires_payment_method");
    }

    @Test
    void anAuthenticEventWhoseVersionIsNotANumberIsStoredThenFailsWithAReadableReason() {
        String messageId = StandardDeliveries.newMessageId();
        byte[] body = ("{\"type\":\"payment.updated\",\"data\":{\"object\":\"payment\",\"id\":\"pay_x\","
                + "\"version\":\"seven\",\"status\":\"succeeded\"}}").getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> accepted = send(messageId, body);

        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        assertThat(Http.json(accepted).getString("status")).isEqualTo("accepted");
        Eventually.within(CONVERGENCE, () -> assertThat(status(messageId)).isEqualTo("FAILED"));
        String lastError = (String) db.rows("SELECT last_error FROM webhook_inbox WHERE provider_event_id = ?",
                messageId).get(0).get("last_error");
        assertThat(lastError).contains("/data/version").doesNotContain("seven");
    }

    private String deliver(String objectId, long version, String state) {
        String messageId = StandardDeliveries.newMessageId();
        HttpResponse<String> response = send(messageId, body(objectId, version, state));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return messageId;
    }

    private static byte[] body(String objectId, long version, String state) {
        return ("{\"type\":\"payment.updated\",\"timestamp\":\"2026-11-29T10:00:00Z\",\"data\":{\"object\":\"payment\","
                + "\"id\":\"" + objectId + "\",\"version\":" + version + ",\"status\":\"" + state + "\"}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static HttpResponse<String> send(String messageId, byte[] body) {
        return StandardDeliveries.send(ArquillianServer.baseUri().resolve("webhooks/standard/std-main"),
                StandardDeliveries.SECRET, messageId, body);
    }

    private String status(String messageId) {
        return StandardDeliveries.status(db, messageId);
    }

    private static JsonObject objectState(String objectId) {
        return new AdminClient(ArquillianServer.baseUri()).objectState("standard", "payment", objectId);
    }
}
