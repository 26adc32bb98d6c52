package io.tambat.it.ops;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.StandardDeliveries;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A bulk action that runs on in the background, from raw HTTP: asked with {@code Prefer: respond-async}, a bulk
 * redrive is answered 202 at once with where to follow it, and {@code GET /admin/actions/{id}} shows it completed
 * with the count of rows it sent back to work; asked without, it is answered with its result as before. A viewer
 * follows an action but starts none.
 */
class BackgroundActionsIT extends DeployedTambatTest {

    private static final Duration SETTLED = Duration.ofSeconds(30);
    private static final String ENDPOINT = "std-other";
    private static final URI STD_OTHER = ArquillianServer.baseUri().resolve("webhooks/standard/" + ENDPOINT);

    private final AdminClient admin = new AdminClient(ArquillianServer.baseUri());
    private final AdminClient viewer = new AdminClient(ArquillianServer.baseUri(), OperatorTokens.withGroups("viewer"));

    @Test
    void aRedriveAskedToRespondAsyncIsAcceptedAtOnceAndFollowedUntilItCompleted() {
        List<UUID> rows = List.of(failed(), failed(), failed());

        HttpResponse<String> accepted = admin.post("admin/inbox/redrive", selectionOf(rows), "Prefer",
                "respond-async");

        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        JsonObject running = Http.json(accepted);
        String actionId = running.getString("action_id");
        assertThat(running.getString("state")).isEqualTo("running");
        assertThat(accepted.headers().firstValue("Location"))
                .hasValueSatisfying(location -> assertThat(location).endsWith("/admin/actions/" + actionId));
        assertThat(accepted.headers().firstValue("Preference-Applied")).hasValue("respond-async");
        Eventually.within(SETTLED, () -> assertThat(action(actionId).getString("state")).isEqualTo("completed"));
        JsonObject completed = action(actionId);
        assertThat(completed.getString("action")).isEqualTo("inbox.bulk_redrive");
        assertThat(completed.getString("actor")).isEqualTo("it-operator");
        assertThat(completed.getJsonNumber("count").longValue()).isEqualTo(rows.size());
        assertThat(completed.getJsonObject("filter").getString("endpoint")).isEqualTo(ENDPOINT);
        assertThat(completed.get("target")).isEqualTo(JsonValue.NULL);
        assertThat(Instant.parse(completed.getString("ended_at")))
                .isAfterOrEqualTo(Instant.parse(completed.getString("started_at")));
        assertThat(completed.get("failure")).isEqualTo(JsonValue.NULL);
        for (UUID row : rows) {
            Eventually.within(SETTLED, () -> assertThat(status(row)).isEqualTo("PROCESSED"));
        }
    }

    @Test
    void aRedriveAskedWithoutAPreferenceIsAnsweredWithItsResultAsBefore() {
        List<UUID> rows = List.of(failed(), failed());

        HttpResponse<String> answered = admin.post("admin/inbox/redrive", selectionOf(rows));

        assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
        assertThat(answered.headers().firstValue("Preference-Applied")).isEmpty();
        JsonObject result = Http.json(answered);
        assertThat(result.keySet()).containsExactlyInAnyOrder("action_id", "scheduled");
        assertThat(result.getJsonNumber("scheduled").longValue()).isEqualTo(rows.size());
        JsonObject completed = action(result.getString("action_id"));
        assertThat(completed.getString("state")).isEqualTo("completed");
        assertThat(completed.getJsonNumber("count").longValue()).isEqualTo(rows.size());
        for (UUID row : rows) {
            Eventually.within(SETTLED, () -> assertThat(status(row)).isEqualTo("PROCESSED"));
        }
    }

    @Test
    void anActionNoOneStartedIsUnknown() {
        assertProblem(admin.get("admin/actions/" + UUID.randomUUID()), 404, "unknown_action");
        assertProblem(admin.get("admin/actions/not-an-id"), 404, "unknown_action");
    }

    @Test
    void aViewerFollowsAnActionButStartsNone() {
        List<UUID> rows = List.of(failed());
        HttpResponse<String> answered = admin.post("admin/inbox/redrive", selectionOf(rows));
        assertThat(answered.statusCode()).as(answered.body()).isEqualTo(200);
        String actionId = Http.json(answered).getString("action_id");
        long audited = db.count("SELECT count(*) FROM operator_action");

        HttpResponse<String> followed = viewer.get("admin/actions/" + actionId);
        HttpResponse<String> started = viewer.post("admin/inbox/redrive", selectionOf(rows), "Prefer",
                "respond-async");

        assertThat(followed.statusCode()).as(followed.body()).isEqualTo(200);
        assertThat(Http.json(followed).getString("action_id")).isEqualTo(actionId);
        assertThat(started.statusCode()).as(started.body()).isEqualTo(403);
        assertThat(db.count("SELECT count(*) FROM operator_action")).isEqualTo(audited);
    }

    private JsonObject action(String actionId) {
        HttpResponse<String> response = admin.get("admin/actions/" + actionId);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Http.json(response);
    }

    /**
     * A row of this test's own, processed and then made FAILED (once processed no worker holds it), for a
     * redrive to send back.
     */
    private UUID failed() {
        byte[] body = ("{\"type\":\"payment.updated\",\"data\":{\"object\":\"payment\",\"id\":\"pay_"
                + UUID.randomUUID() + "\",\"version\":1,\"status\":\"succeeded\"}}").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> accepted = StandardDeliveries.send(STD_OTHER, StandardDeliveries.SECRET,
                StandardDeliveries.newMessageId(), body);
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        UUID inboxId = UUID.fromString(Http.json(accepted).getString("inbox_id"));
        Eventually.within(SETTLED, () -> assertThat(status(inboxId)).isEqualTo("PROCESSED"));
        db.update("UPDATE webhook_inbox SET status = 'FAILED' WHERE inbox_id = ?", inboxId);
        return inboxId;
    }

    /** The endpoint's rows received from the first of these to the last, exactly: no other test's rows. */
    private String selectionOf(List<UUID> rows) {
        List<Instant> received = rows.stream().map(this::received).sorted().toList();
        return "{\"endpoint\":\"" + ENDPOINT + "\",\"received_from\":\"" + received.get(0)
                + "\",\"received_to\":\"" + received.get(received.size() - 1).plusNanos(1_000) + "\"}";
    }

    private Instant received(UUID inboxId) {
        return ((Timestamp) db.rows("SELECT received_at FROM webhook_inbox WHERE inbox_id = ?", inboxId).get(0)
                .get("received_at")).toInstant();
    }

    private String status(UUID inboxId) {
        return (String) db.rows("SELECT status FROM webhook_inbox WHERE inbox_id = ?", inboxId).get(0).get("status");
    }
}
