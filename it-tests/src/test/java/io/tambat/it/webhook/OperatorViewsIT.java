package io.tambat.it.webhook;

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
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What the console reads beyond the first operator calls, from raw HTTP: the inbox by event type and received
 * range, page after page; the mutation an event applied; its payload, shown only on an operator's explicit,
 * audited request; every endpoint with its secret versions; and deliveries per minute by outcome, counted on
 * every answer and written to the database within seconds.
 */
class OperatorViewsIT extends DeployedTambatTest {

    private static final Duration SETTLED = Duration.ofSeconds(30);
    private static final URI STD_OTHER = ArquillianServer.baseUri().resolve("webhooks/standard/std-other");

    private final AdminClient admin = new AdminClient(ArquillianServer.baseUri());

    @Test
    void pagesTheInboxOfAnEventTypeAndReceivedRangeNewestFirst() {
        Instant from = now();
        List<UUID> sent = List.of(deliver("pay_a"), deliver("pay_b"), deliver("pay_c"));
        String filter = "admin/inbox?endpoint=std-other&event_type=payment.updated&received_from=" + from;

        JsonObject first = Http.json(admin.get(filter + "&limit=2"));
        assertThat(ids(first)).containsExactly(sent.get(2), sent.get(1));
        assertThat(first.getBoolean("has_more")).isTrue();
        JsonObject second = Http.json(admin.get(filter + "&limit=2&starting_after=" + sent.get(1)));
        assertThat(ids(second)).containsExactly(sent.get(0));
        assertThat(second.getBoolean("has_more")).isFalse();

        Instant lastReceived = received(sent.get(2));
        assertThat(ids(Http.json(admin.get(filter + "&received_to=" + lastReceived))))
                .as("the range ends before its end").containsExactly(sent.get(1), sent.get(0));
        assertThat(ids(Http.json(admin.get("admin/inbox?endpoint=std-other&event_type=payment.created&received_from="
                + from)))).isEmpty();
    }

    @Test
    void refusesAPageAfterNoRowAndARangeThatEndsBeforeItStarts() {
        assertProblem(admin.get("admin/inbox?starting_after=" + UUID.randomUUID()), 400, "invalid_request");
        assertProblem(admin.get("admin/inbox?starting_after=not-an-id"), 400, "invalid_request");
        assertProblem(admin.get("admin/inbox?received_from=2026-12-01T10:00:00Z&received_to=2026-12-01T09:00:00Z"),
                400, "invalid_request");
        assertProblem(admin.get("admin/inbox?received_from=yesterday"), 400, "invalid_request");
    }

    @Test
    void showsTheMutationAnEventsProcessingApplied() {
        String objectId = "pay_" + UUID.randomUUID();
        UUID inboxId = deliver(objectId);
        Eventually.within(SETTLED, () -> assertThat(status(inboxId)).isEqualTo("PROCESSED"));

        JsonObject mutation = Http.json(admin.get("admin/inbox/" + inboxId)).getJsonObject("mutation");

        assertThat(mutation.getString("object_type")).isEqualTo("payment");
        assertThat(mutation.getString("object_id")).isEqualTo(objectId);
        assertThat(mutation.getString("state")).isEqualTo("succeeded");
        assertThat(mutation.getJsonNumber("version").longValue()).isEqualTo(4);
        assertThat(mutation.getString("applied_at")).isNotBlank();
    }

    @Test
    void revealsAPayloadExactlyAsReceivedOnlyToAnOperatorAndAuditsEachReveal() {
        String email = "ada-" + UUID.randomUUID() + "@example.com";
        byte[] sent = ("{\"type\":\"payment.updated\",\"data\":{\"object\":\"payment\",\"id\":\"pay_r\","
                + "\"version\":1,\"status\":\"succeeded\",\"customer_email\":\"" + email + "\"}}")
                .getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> accepted = StandardDeliveries.send(STD_OTHER, StandardDeliveries.SECRET,
                StandardDeliveries.newMessageId(), sent);
        UUID inboxId = UUID.fromString(Http.json(accepted).getString("inbox_id"));
        String path = "admin/inbox/" + inboxId + "/payload";

        assertThat(admin.get("admin/inbox/" + inboxId).body()).doesNotContain(email);
        assertThat(admin.get("admin/inbox?endpoint=std-other").body()).doesNotContain(email);
        HttpResponse<String> revealed = admin.post(path, null);

        assertThat(revealed.statusCode()).as(revealed.body()).isEqualTo(200);
        assertThat(revealed.headers().firstValue("Cache-Control")).hasValue("no-store");
        JsonObject payload = Http.json(revealed);
        assertThat(payload.getString("encoding")).isEqualTo("utf-8");
        assertThat(payload.getString("payload")).isEqualTo(new String(sent, StandardCharsets.UTF_8));
        assertThat(payload.getInt("bytes")).isEqualTo(sent.length);
        assertThat(db.rows("SELECT actor, item_count FROM operator_action WHERE action = 'inbox.payload_reveal' "
                + "AND target = ?", inboxId.toString())).singleElement().satisfies(row -> {
                    assertThat((String) row.get("actor")).isNotBlank();
                    assertThat(((Number) row.get("item_count")).longValue()).isEqualTo(1);
                });

        URI uri = ArquillianServer.baseUri().resolve(path);
        assertThat(Http.send(Http.request(uri, "Authorization", "Bearer " + OperatorTokens.forTenant("acme"))
                .POST(HttpRequest.BodyPublishers.noBody()).build()).statusCode()).isEqualTo(403);
        assertThat(Http.send(Http.request(uri).POST(HttpRequest.BodyPublishers.noBody()).build()).statusCode())
                .isEqualTo(401);
        assertThat(admin.get(path).statusCode()).as("a payload is never fetched by a GET").isEqualTo(405);
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'inbox.payload_reveal' "
                + "AND target = ?", inboxId.toString())).as("refused calls reveal nothing").isEqualTo(1);

        db.update("UPDATE webhook_inbox SET payload_ciphertext = NULL WHERE inbox_id = ?", inboxId);
        assertProblem(admin.post(path, null), 410, "payload_purged");
        assertThat(db.count("SELECT count(*) FROM operator_action WHERE action = 'inbox.payload_reveal' "
                + "AND target = ? AND item_count = 0", inboxId.toString())).isEqualTo(1);
        assertProblem(admin.post("admin/inbox/" + UUID.randomUUID() + "/payload", null), 404, "unknown_inbox_row");
    }

    @Test
    void listsEveryEndpointWithItsProviderAndSecretVersionsButNoSecret() {
        deliver("pay_" + UUID.randomUUID());

        HttpResponse<String> listed = admin.get("admin/endpoints");

        assertThat(listed.statusCode()).isEqualTo(200);
        assertThat(listed.body()).doesNotContain(StandardDeliveries.SECRET).doesNotContain("whsec_");
        List<JsonObject> items = Http.json(listed).getJsonArray("items").getValuesAs(JsonObject.class);
        assertThat(items).extracting(item -> item.getString("endpoint_id")).contains("std-other", "stripe-main")
                .isSorted();
        JsonObject stdOther = items.stream().filter(item -> item.getString("endpoint_id").equals("std-other"))
                .findFirst().orElseThrow();
        assertThat(stdOther.getString("provider")).isEqualTo("standard");
        JsonObject v1 = stdOther.getJsonArray("versions").getJsonObject(0);
        assertThat(v1.getString("version")).isEqualTo("v1");
        assertThat(v1.getString("status")).isEqualTo("trusted");
        assertThat(Instant.parse(v1.getString("last_matched_at"))).isAfter(now().minusSeconds(60));
    }

    @Test
    void countsDeliveriesPerMinuteByOutcomeOnEveryAnswerAndWritesThemWithinSeconds() {
        Map<String, Long> before = totals();
        UUID accepted = deliver("pay_" + UUID.randomUUID());
        String messageId = (String) db.rows("SELECT provider_event_id FROM webhook_inbox WHERE inbox_id = ?",
                accepted).get(0).get("provider_event_id");
        assertThat(StandardDeliveries.send(STD_OTHER, StandardDeliveries.SECRET, messageId,
                body("pay_again")).statusCode()).isEqualTo(200);
        assertThat(StandardDeliveries.send(STD_OTHER, "whsec_" + "QmFkU2VjcmV0QmFkU2VjcmV0QmFkU2VjcmV0",
                StandardDeliveries.newMessageId(), body("pay_forged")).statusCode()).isEqualTo(401);

        Map<String, Long> after = totals();
        assertThat(after.getOrDefault("accepted", 0L) - before.getOrDefault("accepted", 0L)).isEqualTo(1);
        assertThat(after.getOrDefault("duplicate", 0L) - before.getOrDefault("duplicate", 0L)).isEqualTo(1);
        assertThat(after.getOrDefault("signature_invalid", 0L) - before.getOrDefault("signature_invalid", 0L))
                .isEqualTo(1);
        long counted = after.values().stream().mapToLong(Long::longValue).sum();
        Eventually.within(Duration.ofSeconds(20), () -> assertThat(stored())
                .as("every count is in the database within seconds").isEqualTo(counted));

        JsonObject window = Http.json(admin.get("admin/deliveries?minutes=5&provider=standard"));
        assertThat(window.getJsonArray("minutes")).hasSize(5);
        assertThat(Instant.parse(window.getString("to")).minus(Duration.ofMinutes(5)))
                .isEqualTo(Instant.parse(window.getString("from")));
        assertProblem(admin.get("admin/deliveries?minutes=1441"), 400, "invalid_request");
    }

    private Map<String, Long> totals() {
        JsonObject totals = Http.json(admin.get("admin/deliveries?minutes=1440&provider=standard"))
                .getJsonObject("totals");
        return totals.keySet().stream().collect(java.util.stream.Collectors.toMap(name -> name,
                name -> totals.getJsonNumber(name).longValue()));
    }

    private long stored() {
        return db.count("SELECT coalesce(sum(deliveries), 0) FROM webhook_delivery_count WHERE provider = 'standard'");
    }

    private UUID deliver(String objectId) {
        HttpResponse<String> response = StandardDeliveries.send(STD_OTHER, StandardDeliveries.SECRET,
                StandardDeliveries.newMessageId(), body(objectId));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return UUID.fromString(Http.json(response).getString("inbox_id"));
    }

    private static byte[] body(String objectId) {
        return ("{\"type\":\"payment.updated\",\"timestamp\":\"2026-11-29T10:00:00Z\",\"data\":{\"object\":\"payment\","
                + "\"id\":\"" + objectId + "\",\"version\":4,\"status\":\"succeeded\"}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    private static List<UUID> ids(JsonObject page) {
        return page.getJsonArray("items").getValuesAs(JsonObject.class).stream()
                .map(row -> UUID.fromString(row.getString("inbox_id"))).toList();
    }

    private Instant received(UUID inboxId) {
        return ((java.sql.Timestamp) db.rows("SELECT received_at FROM webhook_inbox WHERE inbox_id = ?", inboxId)
                .get(0).get("received_at")).toInstant();
    }

    private String status(UUID inboxId) {
        return (String) db.rows("SELECT status FROM webhook_inbox WHERE inbox_id = ?", inboxId).get(0).get("status");
    }

    private static Instant now() {
        return Instant.now();
    }
}
