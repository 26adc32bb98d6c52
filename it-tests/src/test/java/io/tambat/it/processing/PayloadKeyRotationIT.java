package io.tambat.it.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.ProblemAssertions;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Payload-key rotation as operators run it: start with k1; with k2 first and k1 after it, re-seal until nothing
 * is left under k1; then, with k2 alone, secrets verify deliveries and stored payloads decrypt for processing.
 * And k1 removed too early: the endpoint whose secret it seals answers 503 while the server stays ready, says
 * which secret it cannot open, and every other endpoint keeps accepting.
 */
class PayloadKeyRotationIT {

    private static final String SCHEMA = "tambat_key_rotation";
    private static final String K1 = "k1:" + "MTExMTExMTExMTExMTExMTExMTExMTExMTExMTExMTE=";
    private static final String K2 = "k2:" + "MjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjI=";
    private static final Duration CONVERGENCE = Duration.ofSeconds(60);

    private final TestDatabase db = new TestDatabase(SCHEMA);

    @BeforeEach
    void freshSchema() {
        db.dropSchema();
    }

    @Test
    void rotatesFromK1ToK2WithoutLosingASecretOrAPayload() {
        String messageId = ProcessingServers.newMessageId();
        String objectId = ProcessingServers.newObjectId();
        try (TambatServerProcess first = server("rotation-k1", K1, false).start().awaitReady(ProcessingServers.READY)) {
            assertThat(ProcessingServers.deliver(first.baseUri(), messageId,
                    ProcessingServers.paymentEvent(objectId, 1, "succeeded")).statusCode()).isEqualTo(200);
        }

        try (TambatServerProcess both = server("rotation-both", K2 + "," + K1, false).start()
                .awaitReady(ProcessingServers.READY)) {
            AdminClient admin = new AdminClient(both.baseUri());
            JsonObject before = Http.json(admin.get("admin/payload-keys"));
            assertThat(before.getString("current")).isEqualTo("k2");
            assertThat(before.getJsonObject("sealed").getJsonNumber("k1").longValue()).isEqualTo(2);

            JsonObject resealed = Http.json(admin.post("admin/payload-keys/reseal?limit=1", ""));
            assertThat(resealed.getInt("resealed")).isEqualTo(1);
            assertThat(resealed.getJsonNumber("remaining").longValue()).isEqualTo(1);
            JsonObject rest = Http.json(admin.post("admin/payload-keys/reseal", ""));
            assertThat(rest.getInt("resealed")).isEqualTo(1);
            assertThat(rest.getJsonNumber("remaining").longValue()).isZero();
            assertThat(rest.getJsonObject("sealed").getJsonNumber("k2").longValue()).isEqualTo(2);
            JsonObject after = Http.json(admin.get("admin/payload-keys"));
            assertThat(after.getJsonObject("sealed").containsKey("k1")).as("nothing left under k1").isFalse();
            assertThat(after.getJsonObject("sealed").getJsonNumber("k2").longValue()).isEqualTo(2);
            assertThat(Http.send(Http.request(both.baseUri().resolve("metrics?scope=application")).GET().build())
                    .body()).as("counted on request only: the count walks every sealed row")
                    .doesNotContain("tambat_payload_sealed");
        }

        try (TambatServerProcess onlyK2 = server("rotation-k2", K2, true).start().awaitReady(ProcessingServers.READY)) {
            Eventually.within(CONVERGENCE, () -> assertThat(StandardDeliveries.status(db, messageId))
                    .isEqualTo("PROCESSED"));
            assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", objectId)).isEqualTo(1);
            assertThat(ProcessingServers.deliver(onlyK2.baseUri(), ProcessingServers.newMessageId(),
                    ProcessingServers.paymentEvent(objectId, 2, "refunded")).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void anEndpointWhoseSecretIsSealedUnderARemovedKeyAnswers503WhileTheOthersKeepAccepting() {
        try (TambatServerProcess withK1 = server("unreadable-k1", K1, false).start()
                .awaitReady(ProcessingServers.READY)) {
            assertThat(withK1.readinessStatus()).isEqualTo(200);
        }
        assertThat(db.count("SELECT count(*) FROM webhook_secret WHERE endpoint_id = ? AND secret_key_id LIKE ?",
                "std", "k1%")).as("std's secret is sealed under k1").isEqualTo(1);

        // Ready is itself the first assertion: one endpoint's secret does not take the server out of service.
        try (TambatServerProcess withoutK1 = ProcessingServers.server("unreadable-k2", SCHEMA, Map.of(
                "TAMBAT_PAYLOAD_KEYS", K2,
                "TAMBAT_PROCESSING_ENABLED", "false",
                "TAMBAT_WEBHOOKS_ENDPOINTS", "std,fresh",
                "TAMBAT_WEBHOOKS_ENDPOINT_FRESH_PROVIDER", "standard",
                "TAMBAT_WEBHOOKS_ENDPOINT_FRESH_SECRETS", "v1:" + StandardDeliveries.SECRET))
                .start().awaitReady(ProcessingServers.READY)) {
            URI base = withoutK1.baseUri();
            String toFresh = ProcessingServers.newMessageId();
            String toStd = ProcessingServers.newMessageId();

            HttpResponse<String> accepted = StandardDeliveries.send(base.resolve("webhooks/standard/fresh"),
                    StandardDeliveries.SECRET, toFresh, ProcessingServers.paymentEvent("pay_fresh", 1, "succeeded"));
            HttpResponse<String> refused = ProcessingServers.deliver(base, toStd,
                    ProcessingServers.paymentEvent("pay_std", 1, "succeeded"));

            assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
            assertThat(db.inboxRows("standard", "fresh", toFresh)).isEqualTo(1);
            ProblemAssertions.assertProblem(refused, 503, "secrets_unavailable");
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            assertThat(refused.body()).doesNotContain(StandardDeliveries.SECRET);
            assertThat(db.inboxRows("standard", "std", toStd)).isZero();

            assertThat(withoutK1.readinessStatus()).isEqualTo(200);
            HttpResponse<String> health = Http.send(Http.request(base.resolve("health")).GET().build());
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"secrets\"").contains("std/v1 (key k1)").doesNotContain("fresh/v1");
            Eventually.within(CONVERGENCE, () -> assertThat(Http.send(Http.request(base
                    .resolve("metrics?scope=application")).GET().build()).body())
                    .contains("tambat_webhook_secret_unreadable{endpoint=\"std\",mp_scope=\"application\","
                            + "version=\"v1\",} 1.0")
                    .contains("tambat_webhook_secret_unreadable{endpoint=\"fresh\",mp_scope=\"application\","
                            + "version=\"v1\",} 0.0"));
            assertThat(withoutK1.console()).contains("do not open with TAMBAT_PAYLOAD_KEYS: std/v1 (key k1)")
                    .doesNotContain(StandardDeliveries.SECRET);
        }
    }

    private static TambatServerProcess server(String name, String keys, boolean processing) {
        return ProcessingServers.server(name, SCHEMA, Map.of("TAMBAT_PAYLOAD_KEYS", keys,
                "TAMBAT_PROCESSING_ENABLED", String.valueOf(processing)));
    }
}
