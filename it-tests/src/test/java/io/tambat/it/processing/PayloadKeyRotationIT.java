package io.tambat.it.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Payload-key rotation as operators run it: start with k1; a server given only k2 is not ready and says which
 * secrets it cannot open; with k2 first and k1 after it, re-seal until nothing is left under k1; then, with
 * k2 alone, secrets verify deliveries and stored payloads decrypt for processing.
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
        String objectId = "pay_" + UUID.randomUUID();
        try (TambatServerProcess first = server("rotation-k1", K1, false).start().awaitReady(ProcessingServers.READY)) {
            assertThat(ProcessingServers.deliver(first.baseUri(), messageId,
                    ProcessingServers.paymentEvent(objectId, 1, "succeeded")).statusCode()).isEqualTo(200);
        }

        try (TambatServerProcess withoutK1 = server("rotation-k2-early", K2, false).start()
                .awaitListening(ProcessingServers.READY)) {
            Eventually.within(CONVERGENCE, () -> {
                HttpResponse<String> readiness = Http.send(Http.request(withoutK1.baseUri().resolve("health/ready"))
                        .GET().build());
                assertThat(readiness.statusCode()).isEqualTo(503);
                assertThat(readiness.body()).contains("std/v1 (key k1)");
            });
            assertThat(withoutK1.console()).contains("do not open with TAMBAT_PAYLOAD_KEYS");
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
            Eventually.within(CONVERGENCE, () -> assertThat(Http.send(Http.request(both.baseUri()
                    .resolve("metrics?scope=application")).GET().build()).body())
                    .contains("tambat_payload_sealed{key_id=\"k1\",mp_scope=\"application\",} 0.0")
                    .contains("tambat_payload_sealed{key_id=\"k2\",mp_scope=\"application\",} 2.0"));
        }

        try (TambatServerProcess onlyK2 = server("rotation-k2", K2, true).start().awaitReady(ProcessingServers.READY)) {
            Eventually.within(CONVERGENCE, () -> assertThat(StandardDeliveries.status(db, messageId))
                    .isEqualTo("PROCESSED"));
            assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", objectId)).isEqualTo(1);
            assertThat(ProcessingServers.deliver(onlyK2.baseUri(), ProcessingServers.newMessageId(),
                    ProcessingServers.paymentEvent(objectId, 2, "refunded")).statusCode()).isEqualTo(200);
        }
    }

    private static TambatServerProcess server(String name, String keys, boolean processing) {
        return ProcessingServers.server(name, SCHEMA, Map.of("TAMBAT_PAYLOAD_KEYS", keys,
                "TAMBAT_PROCESSING_ENABLED", String.valueOf(processing)));
    }
}
