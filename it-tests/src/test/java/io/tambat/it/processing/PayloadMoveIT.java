package io.tambat.it.processing;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static io.tambat.it.processing.MarkedStripeEvents.accepted;
import static io.tambat.it.processing.MarkedStripeEvents.event;
import static io.tambat.it.processing.MarkedStripeEvents.newEventId;
import static io.tambat.it.processing.MarkedStripeEvents.revealedExactly;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.it.support.S3Server;
import io.tambat.it.support.StripeMainEndpoint;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Stored payloads moved between the inbox rows and an S3-compatible object store (s3proxy) by
 * {@code POST /admin/payloads/move}, as a deployment switches {@code TAMBAT_PAYLOADS_STORE}: three servers one
 * after another on one schema, with the same payload keys. The first keeps payloads in the rows; the second, with
 * {@code s3}, moves them to objects keyed after the hour of the move; the third, back on {@code database} with the
 * bucket still configured, moves them back to the rows and deletes the objects. Each payload keeps its ciphertext
 * as sealed and its key id throughout, and opens to the exact body delivered.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PayloadMoveIT {

    private static final String SCHEMA = "tambat_payload_move";
    private static final String SECRET = "whsec_it_payload_move";
    private static final String API_KEY = "sk_test_it_payload_move_key";
    private static final String PREFIX = "moved";
    private static final int EVENTS = 5;
    private static final Duration CONVERGENCE = Duration.ofSeconds(60);
    /** How long the objects moved back may outlive the batch that committed their rows. */
    private static final Duration DELETION = Duration.ofSeconds(30);
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyy/MM/dd/HH", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final MarkedStripeEvents events = new MarkedStripeEvents(SECRET);

    private final TestDatabase db = new TestDatabase(SCHEMA);
    private final S3Server objects = new S3Server("tambat-it-payload-move");
    /** Stripe's API: every payment intent has succeeded. */
    private final WireMockServer stripe = new WireMockServer(WireMockConfiguration.options().dynamicPort());

    @BeforeAll
    void start() {
        db.dropSchema();
        objects.start();
        stripe.start();
        stripe.stubFor(get(urlPathMatching("/v1/payment_intents/.*"))
                .willReturn(okJson("{\"object\":\"payment_intent\",\"status\":\"succeeded\"}")));
    }

    @AfterAll
    void stop() {
        if (stripe.isRunning()) {
            stripe.stop();
        }
        objects.close();
    }

    @Test
    void movesStoredPayloadsToTheObjectStoreAndBackWithoutLosingOne() {
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        Map<String, byte[]> sealed = new HashMap<>();
        Map<String, String> keyIds = new HashMap<>();
        Map<String, String> objectKeys = new HashMap<>();

        // 1. Payloads in the rows, no bucket configured.
        try (TambatServerProcess inRows = server("payload-move-rows", "database", false)) {
            inRows.start().awaitReady(ProcessingServers.READY);
            for (int i = 0; i < EVENTS; i++) {
                byte[] body = event(newEventId(), "moved-" + UUID.randomUUID());
                bodies.put(accepted(events.deliver(inRows.baseUri(), body)), body);
            }
            Eventually.within(CONVERGENCE, () -> bodies.keySet()
                    .forEach(inboxId -> assertThat(db.inboxStatus(inboxId)).as(inboxId).isEqualTo("PROCESSED")));
            for (String inboxId : bodies.keySet()) {
                Map<String, Object> row = row(inboxId);
                assertThat(row.get("payload_ciphertext")).as("ciphertext in the row").isInstanceOf(byte[].class);
                assertThat(row).containsEntry("payload_object", null).containsEntry("lease_until", null);
                assertThat(row.get("payload_key_id")).isNotNull();
                sealed.put(inboxId, (byte[]) row.get("payload_ciphertext"));
                keyIds.put(inboxId, (String) row.get("payload_key_id"));
            }
            assertPlacement(new AdminClient(inRows.baseUri()), "database", EVENTS, 0);
        }
        assertThat(objects.keys(PREFIX + "/")).as("nothing in the bucket yet").isEmpty();

        // 2. New payloads go to the object store: the stored ones follow them there.
        String toObjects;
        String nothingLeft;
        try (TambatServerProcess inObjects = server("payload-move-s3", "s3", true)) {
            inObjects.start().awaitReady(ProcessingServers.READY);
            AdminClient admin = new AdminClient(inObjects.baseUri());
            AdminClient viewer = new AdminClient(inObjects.baseUri(), OperatorTokens.withGroups("viewer"));
            assertPlacement(admin, "s3", EVENTS, 0);
            assertPlacement(viewer, "s3", EVENTS, 0);
            assertThat(viewer.post("admin/payloads/move", null).statusCode()).as("a viewer moves nothing")
                    .isEqualTo(403);
            assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE payload_ciphertext IS NOT NULL"))
                    .isEqualTo(EVENTS);

            Instant before = Instant.now();
            JsonObject moved = moved(admin.post("admin/payloads/move", null));
            Instant after = Instant.now();
            toObjects = moved.getString("action_id");
            assertThat(moved.getString("to")).isEqualTo("s3");
            assertThat(moved.getJsonNumber("moved").longValue()).isEqualTo(EVENTS);

            // One hour, or the two the move straddled.
            Set<String> hoursOfTheMove = new HashSet<>(List.of(HOUR.format(before), HOUR.format(after)));
            for (String inboxId : bodies.keySet()) {
                Map<String, Object> row = row(inboxId);
                assertThat(row).containsEntry("payload_ciphertext", null)
                        .containsEntry("payload_key_id", keyIds.get(inboxId));
                String key = (String) row.get("payload_object");
                assertThat(key).as("keyed after the hour of the move").isNotNull().endsWith("/" + inboxId);
                assertThat(key.substring(0, key.lastIndexOf('/'))).isIn(hoursOfTheMove);
                objectKeys.put(inboxId, key);
                assertThat(objects.bytes(PREFIX + "/" + key)).as("the object holds the row's ciphertext as sealed")
                        .isEqualTo(sealed.get(inboxId));
            }
            assertThat(objects.keys(PREFIX + "/")).as("one object per moved row, under the prefix")
                    .containsExactlyInAnyOrderElementsOf(objectKeys.values().stream().map(key -> PREFIX + "/" + key)
                            .toList());
            assertReveals(admin, bodies);
            assertCompleted(admin, toObjects, "s3", EVENTS);
            assertPlacement(admin, "s3", 0, EVENTS);

            JsonObject again = moved(admin.post("admin/payloads/move", null));
            nothingLeft = again.getString("action_id");
            assertThat(again.getString("to")).isEqualTo("s3");
            assertThat(again.getJsonNumber("moved").longValue()).as("nothing left in the rows").isZero();
            assertCompleted(admin, nothingLeft, "s3", 0);
            assertThat(objects.keys(PREFIX + "/")).hasSize(EVENTS);
        }

        // 3. Back to the database, the bucket still configured: the payloads return to their rows.
        try (TambatServerProcess backInRows = server("payload-move-back", "database", true)) {
            backInRows.start().awaitReady(ProcessingServers.READY);
            AdminClient admin = new AdminClient(backInRows.baseUri());
            assertPlacement(admin, "database", 0, EVENTS);
            assertReveals(admin, bodies);

            JsonObject moved = moved(admin.post("admin/payloads/move", null));
            String toRows = moved.getString("action_id");
            assertThat(moved.getString("to")).isEqualTo("database");
            assertThat(moved.getJsonNumber("moved").longValue()).isEqualTo(EVENTS);

            for (String inboxId : bodies.keySet()) {
                Map<String, Object> row = row(inboxId);
                assertThat(row).containsEntry("payload_object", null)
                        .containsEntry("payload_key_id", keyIds.get(inboxId));
                assertThat((byte[]) row.get("payload_ciphertext")).as("the object's bytes, as sealed")
                        .isEqualTo(sealed.get(inboxId));
            }
            assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE payload_object IS NOT NULL")).isZero();
            Eventually.within(DELETION, () -> assertThat(objects.keys(PREFIX + "/"))
                    .as("the objects moved back are deleted once their rows committed").isEmpty());
            assertReveals(admin, bodies);
            assertCompleted(admin, toRows, "database", EVENTS);
            assertPlacement(admin, "database", EVENTS, 0);

            HttpResponse<String> audit = admin.get("admin/audit?action=payloads.move");
            assertThat(audit.statusCode()).as(audit.body()).isEqualTo(200);
            Map<String, JsonObject> listed = Http.json(audit).getJsonArray("items").getValuesAs(JsonObject.class)
                    .stream().collect(Collectors.toMap(item -> item.getString("action_id"), Function.identity()));
            assertThat(listed).as("every move, and only moves").containsOnlyKeys(toObjects, nothingLeft, toRows);
            assertAudited(listed.get(toObjects), "s3", EVENTS);
            assertAudited(listed.get(nothingLeft), "s3", 0);
            assertAudited(listed.get(toRows), "database", EVENTS);
        }
    }

    /** A server on the class's schema, with new payloads in {@code store}, and the bucket configured or not. */
    private TambatServerProcess server(String name, String store, boolean bucket) {
        Map<String, String> settings = new HashMap<>();
        if (bucket) {
            settings.putAll(objects.settings(PREFIX));
        }
        settings.put("TAMBAT_PAYLOADS_STORE", store);
        settings.put("TAMBAT_WEBHOOKS_ENDPOINTS", "stripe-main");
        settings.put("TAMBAT_PROCESSING_INITIAL_BACKOFF", "PT0.2S");
        settings.put("TAMBAT_PROCESSING_MAX_BACKOFF", "PT1S");
        return TambatServerProcess.configured(name, TestDatabase.port(), SCHEMA,
                StripeMainEndpoint.settings(SECRET, "http://127.0.0.1:" + stripe.port(), API_KEY, settings));
    }

    private static void assertPlacement(AdminClient admin, String store, long inRows, long inObjectStore) {
        HttpResponse<String> response = admin.get("admin/payloads");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonObject placement = Http.json(response);
        assertThat(placement.getString("store")).isEqualTo(store);
        assertThat(placement.getJsonNumber("in_rows").longValue()).as("in_rows").isEqualTo(inRows);
        assertThat(placement.getJsonNumber("in_object_store").longValue()).as("in_object_store")
                .isEqualTo(inObjectStore);
        assertThat(placement.getJsonNumber("counted_up_to").longValue()).isEqualTo(100_000);
    }

    /** A move that ended within the wait: 200 with its result. */
    private static JsonObject moved(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return Http.json(response);
    }

    private static void assertCompleted(AdminClient admin, String actionId, String to, long count) {
        Eventually.within(CONVERGENCE, () -> {
            HttpResponse<String> response = admin.get("admin/actions/" + actionId);
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            JsonObject action = Http.json(response);
            assertThat(action.getString("state")).as(response.body()).isEqualTo("completed");
            assertThat(action.getString("action")).isEqualTo("payloads.move");
            assertThat(action.getJsonObject("filter").getString("to")).isEqualTo(to);
            assertThat(action.getJsonNumber("count").longValue()).isEqualTo(count);
            assertThat(action.isNull("failure")).as(response.body()).isTrue();
        });
    }

    private static void assertAudited(JsonObject entry, String to, long count) {
        assertThat(entry.getString("action")).isEqualTo("payloads.move");
        assertThat(entry.getString("actor")).isNotBlank();
        assertThat(entry.getJsonObject("filter").getString("to")).isEqualTo(to);
        assertThat(entry.getJsonNumber("count").longValue()).isEqualTo(count);
    }

    /** The operator's reveal opens every payload to the exact body delivered, wherever it is kept. */
    private static void assertReveals(AdminClient admin, Map<String, byte[]> bodies) {
        bodies.forEach((inboxId, body) -> {
            revealedExactly(admin.post("admin/inbox/" + inboxId + "/payload", null), body);
        });
    }

    private Map<String, Object> row(String inboxId) {
        List<Map<String, Object>> rows = db.rows("SELECT status, lease_until, payload_ciphertext, payload_object, "
                + "payload_key_id FROM webhook_inbox WHERE inbox_id = CAST(? AS uuid)", inboxId);
        assertThat(rows).as("inbox row " + inboxId).hasSize(1);
        return rows.get(0);
    }
}
