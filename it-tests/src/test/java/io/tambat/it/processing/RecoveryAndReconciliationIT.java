package io.tambat.it.processing;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.ProblemAssertions;
import io.tambat.it.support.ServerWithWireMock;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.StripeMainEndpoint;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Bulk recovery after an incident, on the runnable jar: a redrive by filter sends back exactly the FAILED rows
 * it selects, once; a replay of a time range fills in a mutation that a bad deploy lost without repeating any
 * other; both are in the audit trail; the reconciliation report and its scheduled gauge name the event that
 * disagreed until the replay mended it. One server serves the class; each test selects its own rows by time.
 */
class RecoveryAndReconciliationIT {

    private static final String SCHEMA = "tambat_recovery";
    private static final String STRIPE_SECRET = "whsec_it_recovery";
    private static final String API_KEY = "sk_test_it_recovery_key";
    private static final Duration CONVERGENCE = Duration.ofSeconds(60);

    /** The server, and Stripe's API as WireMock. */
    @RegisterExtension
    static final ServerWithWireMock server = new ServerWithWireMock("recovery", SCHEMA, ProcessingServers.READY,
            stripeApiUrl -> StripeMainEndpoint.settings(STRIPE_SECRET, stripeApiUrl, API_KEY,
                    ProcessingServers.settings(Map.of(
                            "TAMBAT_WEBHOOKS_ENDPOINTS", "std,stripe-main",
                            "TAMBAT_PROCESSING_MAX_ATTEMPTS", "2",
                            "TAMBAT_RECONCILIATION_INTERVAL", "PT1S",
                            "TAMBAT_RECONCILIATION_LATE_AFTER", "PT1S"))));

    private final TestDatabase db = new TestDatabase(SCHEMA);
    private final AdminClient admin = server.admin();

    @Test
    void redrivesTheFailedEventsOfASelectionOnceAndAuditsIt() {
        server.wireMock().stubFor(get(urlPathMatching("/v1/payment_intents/pi_r.*"))
                .willReturn(aResponse().withStatus(500)));
        Instant from = Instant.now().minusSeconds(1);
        String a = accepted(deliverStripe("evt_r_a", "payment_intent.succeeded", "pi_r_a"));
        String b = accepted(deliverStripe("evt_r_b", "payment_intent.succeeded", "pi_r_b"));
        String c = accepted(deliverStripe("evt_r_c", "payment_intent.canceled", "pi_r_c"));
        for (String inboxId : List.of(a, b, c)) {
            Eventually.within(CONVERGENCE, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("FAILED"));
        }
        server.wireMock().stubFor(get(urlPathMatching("/v1/payment_intents/pi_r.*"))
                .willReturn(okJson("{\"object\":\"payment_intent\",\"status\":\"succeeded\"}")));
        String selection = "{\"provider\":\"stripe\",\"event_type\":\"payment_intent.succeeded\",\"received_from\":\""
                + from + "\",\"received_to\":\"" + Instant.now().plusSeconds(1) + "\"}";

        JsonObject redriven = ok(admin.post("admin/inbox/redrive", selection));

        assertThat(redriven.getJsonNumber("scheduled").longValue()).isEqualTo(2);
        for (String inboxId : List.of(a, b)) {
            Eventually.within(CONVERGENCE, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("PROCESSED"));
            assertThat(db.count("SELECT count(*) FROM object_mutation WHERE inbox_id = CAST(? AS uuid)", inboxId))
                    .isEqualTo(1);
        }
        assertThat(db.inboxStatus(c)).isEqualTo("FAILED");
        assertThat(Http.json(admin.get("admin/inbox/" + a)).getJsonArray("history").getValuesAs(JsonObject.class)
                .stream().map(change -> change.getString("status")).toList())
                .containsSubsequence("FAILED", "RECEIVED", "PROCESSING", "PROCESSED");
        assertThat(ok(admin.post("admin/inbox/redrive", selection)).getJsonNumber("scheduled").longValue()).isZero();

        HttpResponse<String> audit = admin.get("admin/audit?action=inbox.bulk_redrive&limit=2");
        List<JsonObject> entries = Http.json(audit).getJsonArray("items").getValuesAs(JsonObject.class);
        assertThat(entries).hasSize(2);
        JsonObject first = entries.get(1);
        assertThat(first.getString("action_id")).isEqualTo(redriven.getString("action_id"));
        assertThat(first.getString("actor")).isEqualTo("it-operator");
        assertThat(first.getJsonNumber("count").longValue()).isEqualTo(2);
        assertThat(first.getJsonObject("filter").getString("event_type")).isEqualTo("payment_intent.succeeded");
        assertThat(first.getJsonObject("filter").getString("provider")).isEqualTo("stripe");
        assertThat(entries.get(0).getJsonNumber("count").longValue()).isZero();
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'inbox.bulk_redrive' "
                + "AND actor = 'it-operator'")).isEqualTo(2);
        assertThat(audit.body()).doesNotContain(API_KEY).doesNotContain(STRIPE_SECRET);
    }

    @Test
    void replayFillsInTheMutationABadDeployLostWithoutRepeatingAnyAndReconciliationSeesIt() {
        Instant from = Instant.now().minusSeconds(1);
        String lost = ProcessingServers.newMessageId();
        String kept = ProcessingServers.newMessageId();
        assertThat(send(lost, ProcessingServers.paymentEvent("pay_replay_lost", 4, "succeeded")).statusCode())
                .isEqualTo(200);
        assertThat(send(kept, ProcessingServers.paymentEvent("pay_replay_kept", 2, "processing")).statusCode())
                .isEqualTo(200);
        for (String messageId : List.of(lost, kept)) {
            Eventually.within(CONVERGENCE, () -> assertThat(StandardDeliveries.status(db, messageId))
                    .isEqualTo("PROCESSED"));
        }
        String lostId = inboxIdOf(lost);
        String keptId = inboxIdOf(kept);
        // What a deploy that marked events PROCESSED without committing their work would leave behind.
        db.update("DELETE FROM object_mutation WHERE inbox_id = CAST(? AS uuid)", lostId);
        db.update("DELETE FROM object_state WHERE object_id = 'pay_replay_lost'");
        db.update("DELETE FROM processed_event WHERE provider_event_id = ?", lost);
        Instant to = Instant.now().plusSeconds(1);
        String range = "from=" + from + "&to=" + to;

        JsonObject before = ok(admin.get("admin/reconciliation?" + range));

        assertThat(discrepancy(before, "processed_without_mutation").getJsonNumber("count").longValue()).isEqualTo(1);
        assertThat(ids(discrepancy(before, "processed_without_mutation"))).containsExactly(lostId);
        assertThat(discrepancy(before, "stalled").getJsonNumber("count").longValue()).isZero();
        JsonObject tally = before.getJsonArray("endpoints").getValuesAs(JsonObject.class).stream()
                .filter(endpoint -> endpoint.getString("endpoint_id").equals("std")).findFirst().orElseThrow();
        assertThat(tally.getJsonNumber("accepted").longValue()).isEqualTo(2);
        assertThat(tally.getJsonNumber("processed").longValue()).isEqualTo(2);
        assertThat(tally.getJsonNumber("pending").longValue()).isZero();
        Eventually.within(CONVERGENCE, () -> assertThat(metrics()).containsPattern(
                "tambat_reconciliation_discrepancies\\{kind=\"processed_without_mutation\"[^}]*} 1\\.0"));
        assertThat(reportReadInTheBackground(from.minus(Duration.ofDays(2)), to)).as("the same report, kept")
                .isEqualTo(ok(admin.get("admin/reconciliation?from=" + from.minus(Duration.ofDays(2)) + "&to=" + to))
                        .getJsonObject("discrepancies"));

        JsonObject replayed = ok(admin.post("admin/inbox/replay", "{\"endpoint\":\"std\",\"received_from\":\"" + from
                + "\",\"received_to\":\"" + to + "\"}"));

        assertThat(replayed.getJsonNumber("scheduled").longValue()).isEqualTo(2);
        assertThat(replayed.getJsonNumber("not_replayable").longValue()).isZero();
        for (String inboxId : List.of(lostId, keptId)) {
            Eventually.within(CONVERGENCE, () -> assertThat(Http.json(admin.get("admin/inbox/" + inboxId))
                    .getInt("attempt_count")).isEqualTo(2));
            Eventually.within(CONVERGENCE, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("PROCESSED"));
            assertThat(db.count("SELECT count(*) FROM object_mutation WHERE inbox_id = CAST(? AS uuid)", inboxId))
                    .isEqualTo(1);
        }
        JsonObject restored = admin.objectState("standard", "payment", "pay_replay_lost");
        assertThat(restored.getString("state")).isEqualTo("succeeded");
        assertThat(restored.getJsonNumber("version").longValue()).isEqualTo(4);
        assertThat(admin.objectState("standard", "payment", "pay_replay_kept").getString("state"))
                .isEqualTo("processing");
        assertThat(discrepancy(ok(admin.get("admin/reconciliation?" + range)), "processed_without_mutation")
                .getJsonNumber("count").longValue()).isZero();
        JsonObject audited = Http.json(admin.get("admin/audit?action=inbox.replay&limit=1")).getJsonArray("items")
                .getJsonObject(0);
        assertThat(audited.getString("action_id")).isEqualTo(replayed.getString("action_id"));
        assertThat(audited.getJsonNumber("count").longValue()).isEqualTo(2);
        assertThat(audited.getJsonObject("filter").getString("received_from")).isEqualTo(from.toString());
    }

    @Test
    void refusesABulkActionItCannotReadExactly() {
        ProblemAssertions.assertProblem(admin.post("admin/inbox/redrive", "{\"endpoint_id\":\"std\"}"), 400,
                "invalid_request");
        ProblemAssertions.assertProblem(admin.post("admin/inbox/redrive", "{\"status\":\"PROCESSED\"}"), 400,
                "invalid_request");
        ProblemAssertions.assertProblem(admin.post("admin/inbox/replay", "{\"endpoint\":\"std\"}"), 400,
                "invalid_request");
        ProblemAssertions.assertProblem(admin.post("admin/inbox/replay", "{\"received_from\":\"2026-12-01T10:00:00Z\","
                + "\"received_to\":\"2026-12-01T09:00:00Z\"}"), 400, "invalid_request");
        ProblemAssertions.assertProblem(admin.get("admin/reconciliation?from=yesterday&to=2026-12-01T09:00:00Z"), 400,
                "invalid_request");
        ProblemAssertions.assertProblem(admin.post("admin/reconciliation", "{\"from\":\"2025-01-01T00:00:00Z\","
                + "\"to\":\"2026-01-03T00:00:00Z\"}"), 400, "invalid_request");
        ProblemAssertions.assertProblem(admin.post("admin/reconciliation", "{\"from\":\"2026-01-01T00:00:00Z\"}"),
                400, "invalid_request");
        ProblemAssertions.assertProblem(admin.get("admin/audit?action=inbox.delete"), 400, "invalid_request");
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'inbox.replay' AND item_count = 0"
                + " AND filter ->> 'endpoint' = 'std' AND filter ->> 'received_from' IS NULL")).isZero();
    }

    /**
     * The discrepancies of a reconciliation read in the background, asked to answer at once and followed to its
     * end, where its action keeps the report.
     */
    private JsonObject reportReadInTheBackground(Instant from, Instant to) {
        HttpResponse<String> accepted = admin.post("admin/reconciliation", "{\"from\":\"" + from + "\",\"to\":\""
                + to + "\"}", "Prefer", "respond-async");
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        String actionId = Http.json(accepted).getString("action_id");
        assertThat(accepted.headers().firstValue("Location")).hasValueSatisfying(location -> assertThat(location)
                .endsWith("/admin/actions/" + actionId));
        Eventually.within(CONVERGENCE, () -> assertThat(ok(admin.get("admin/actions/" + actionId)).getString("state"))
                .isEqualTo("completed"));
        JsonObject action = ok(admin.get("admin/actions/" + actionId));
        assertThat(action.getString("action")).isEqualTo("inbox.reconciliation");
        assertThat(action.getJsonObject("filter").getString("from")).isEqualTo(from.toString());
        JsonObject report = action.getJsonObject("result");
        assertThat(report.getString("from")).isEqualTo(from.toString());
        assertThat(report.getString("to")).isEqualTo(to.toString());
        long read = report.getJsonArray("endpoints").getValuesAs(JsonObject.class).stream()
                .mapToLong(tally -> tally.getJsonNumber("accepted").longValue()).sum();
        assertThat(action.getJsonNumber("count").longValue()).as("the events it read").isEqualTo(read);
        return report.getJsonObject("discrepancies");
    }

    private HttpResponse<String> deliverStripe(String eventId, String type, String objectId) {
        return ProcessingServers.deliverStripePayment(server.baseUri(), STRIPE_SECRET, eventId, type, objectId);
    }

    private HttpResponse<String> send(String messageId, byte[] body) {
        return StandardDeliveries.send(server.baseUri().resolve("webhooks/standard/std"), StandardDeliveries.SECRET,
                messageId, body);
    }

    private String metrics() {
        return Http.send(Http.request(server.baseUri().resolve("metrics?scope=application")).GET().build()).body();
    }

    private static String accepted(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Http.json(response).getString("inbox_id");
    }

    private static JsonObject ok(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Http.json(response);
    }

    private static JsonObject discrepancy(JsonObject report, String kind) {
        return report.getJsonObject("discrepancies").getJsonObject(kind);
    }

    private static List<String> ids(JsonObject found) {
        return found.getJsonArray("inbox_ids").getValuesAs(jakarta.json.JsonString.class).stream()
                .map(jakarta.json.JsonString::getString).toList();
    }

    private String inboxIdOf(String providerEventId) {
        return String.valueOf(db.rows("SELECT CAST(inbox_id AS text) AS id FROM webhook_inbox WHERE provider_event_id = ?",
                providerEventId).get(0).get("id"));
    }
}
