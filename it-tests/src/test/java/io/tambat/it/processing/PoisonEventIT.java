package io.tambat.it.processing;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.ServerWithWireMock;
import io.tambat.it.support.StripeMainEndpoint;
import io.tambat.it.support.TestDatabase;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Stripe events carry no version, so workers fetch the object from Stripe's API (here WireMock) and
 * converge to it. An event whose fetch keeps failing ends FAILED after the configured attempts, is visible
 * to operators with a redacted reason, and a redrive after the fix processes it exactly once. One server
 * serves the class; each test uses its own objects.
 */
class PoisonEventIT {

    private static final String SCHEMA = "tambat_poison";
    private static final String SECRET = "whsec_it_poison";
    private static final String API_KEY = "sk_test_it_poison_key";
    private static final Duration CONVERGENCE = Duration.ofSeconds(60);

    /** The server, and Stripe's API as WireMock. */
    @RegisterExtension
    static final ServerWithWireMock server = new ServerWithWireMock("poison", SCHEMA, ProcessingServers.READY,
            stripeApiUrl -> StripeMainEndpoint.settings(SECRET, stripeApiUrl, API_KEY, Map.of(
                    "TAMBAT_WEBHOOKS_ENDPOINTS", "stripe-main",
                    "TAMBAT_PROCESSING_MAX_ATTEMPTS", "3",
                    "TAMBAT_PROCESSING_INITIAL_BACKOFF", "PT0.2S",
                    "TAMBAT_PROCESSING_MAX_BACKOFF", "PT0.5S")));

    private final TestDatabase db = new TestDatabase(SCHEMA);
    private final AdminClient admin = server.admin();

    @Test
    void convergesAnUnversionedEventToTheProvidersCurrentState() {
        server.wireMock().stubFor(get(urlEqualTo("/v1/payment_intents/pi_ok"))
                .willReturn(okJson("{\"id\":\"pi_ok\",\"object\":\"payment_intent\",\"status\":\"succeeded\"}")));

        String inboxId = accepted(deliver("evt_ok_1", "payment_intent.succeeded", "pi_ok"));

        Eventually.within(CONVERGENCE, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("PROCESSED"));
        JsonObject state = Http.json(admin.get("admin/objects/stripe/payment/pi_ok"));
        assertThat(state.getString("state")).isEqualTo("succeeded");
        assertThat(state.getString("last_inbox_id")).isEqualTo(inboxId);
        server.wireMock().verify(getRequestedFor(urlEqualTo("/v1/payment_intents/pi_ok"))
                .withHeader("Authorization", equalTo("Bearer " + API_KEY)));
    }

    @Test
    void failsAfterTheConfiguredAttemptsAndARedriveAfterTheFixProcessesItOnce() {
        server.wireMock().stubFor(get(urlEqualTo("/v1/payment_intents/pi_poison"))
                .willReturn(aResponse().withStatus(500)));
        String inboxId = accepted(deliver("evt_poison_1", "payment_intent.succeeded", "pi_poison"));

        Eventually.within(CONVERGENCE, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("FAILED"));
        JsonObject failed = Http.json(admin.get("admin/inbox/" + inboxId));
        assertThat(failed.getInt("attempt_count")).isEqualTo(3);
        assertThat(failed.getString("last_error")).contains("500").doesNotContain(API_KEY);
        assertThat(failed.getJsonArray("history").getValuesAs(JsonObject.class).stream()
                .map(change -> change.getString("status")).toList())
                .containsExactly("RECEIVED", "PROCESSING", "RECEIVED", "PROCESSING", "RECEIVED", "PROCESSING", "FAILED");
        assertThat(Http.json(admin.get("admin/inbox?status=FAILED")).getJsonArray("items")
                .getValuesAs(JsonObject.class).stream().map(row -> row.getString("inbox_id")).toList())
                .contains(inboxId);
        assertThat(admin.get("admin/inbox/" + inboxId).body()).doesNotContain("pi_poison\"}");
        assertThat(Http.json(admin.get("admin/inbox/stats")).getJsonObject("counts").getInt("FAILED"))
                .isEqualTo(1);
        assertThat(mutations("pi_poison")).isZero();

        server.wireMock().stubFor(get(urlEqualTo("/v1/payment_intents/pi_poison"))
                .willReturn(okJson("{\"id\":\"pi_poison\",\"status\":\"succeeded\"}")));
        HttpResponse<String> redriven = admin.post("admin/inbox/" + inboxId + "/redrive", null);

        assertThat(redriven.statusCode()).as(redriven.body()).isEqualTo(200);
        Eventually.within(CONVERGENCE, () -> assertThat(db.inboxStatus(inboxId)).isEqualTo("PROCESSED"));
        assertThat(Http.json(admin.get("admin/inbox/" + inboxId)).getInt("attempt_count")).isEqualTo(4);
        assertThat(mutations("pi_poison")).isEqualTo(1);
        assertThat(admin.post("admin/inbox/" + inboxId + "/redrive", null).statusCode()).isEqualTo(409);
    }

    @Test
    void exposesProcessingGaugesFromDurableState() {
        String metrics = Http.send(Http.request(server.baseUri().resolve("metrics?scope=application")).GET()
                .build()).body();

        assertThat(metrics).contains("tambat_inbox_oldest_pending_age_seconds{")
                .contains("tambat_inbox_failed{").contains("tambat_outbox_lag_seconds{")
                .contains("tambat_processing_attempts_total{");
    }

    private HttpResponse<String> deliver(String eventId, String type, String objectId) {
        return ProcessingServers.deliverStripePayment(server.baseUri(), SECRET, eventId, type, objectId);
    }

    private static String accepted(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return ((JsonString) Http.json(response).get("inbox_id")).getString();
    }

    private long mutations(String objectId) {
        return db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", objectId);
    }
}
