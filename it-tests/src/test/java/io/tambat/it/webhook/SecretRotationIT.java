package io.tambat.it.webhook;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.it.support.OperatorTokens;
import io.tambat.sender.signing.StripeSigner;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Rotation without downtime: the previous and the current version both verify, the matched one is
 * recorded, a new version is trusted at once and a retired one is refused at once.
 */
class SecretRotationIT extends DeployedTambatTest {

    private static final String PREVIOUS = "whsec_it_rotation_previous";
    private static final String CURRENT = "whsec_it_rotation_current";

    @Test
    void acceptsPreviousAndCurrentVersionsAndRecordsWhichMatched() {
        String signedWithPrevious = StripeDeliveries.newEventId();
        String signedWithCurrent = StripeDeliveries.newEventId();

        assertThat(send(signedWithPrevious, PREVIOUS).statusCode()).isEqualTo(200);
        assertThat(send(signedWithCurrent, CURRENT).statusCode()).isEqualTo(200);

        assertThat(matchedVersion(signedWithPrevious)).isEqualTo("v1");
        assertThat(matchedVersion(signedWithCurrent)).isEqualTo("v2");
    }

    @Test
    void acceptsAHeaderCarryingSignaturesOfBothVersions() {
        String eventId = StripeDeliveries.newEventId();
        byte[] body = StripeDeliveries.event(eventId, "payment_intent.succeeded");
        long now = Instant.now().getEpochSecond();
        String header = "t=" + now + ",v1=" + StripeSigner.v1("whsec_unknown_new", now, body)
                + ",v1=" + StripeSigner.v1(PREVIOUS, now, body);

        HttpResponse<String> response = Http.post(StripeDeliveries.endpoint("stripe-rotation"), body,
                "Content-Type", "application/json", "Stripe-Signature", header);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(matchedVersion(eventId)).isEqualTo("v1");
    }

    @Test
    void trustsAnAddedVersionAtOnceAndRefusesARetiredOneAtOnce() {
        String added = "whsec_it_rotation_added_" + System.nanoTime();
        String version = "a" + System.nanoTime();
        assertThat(send(StripeDeliveries.newEventId(), added).statusCode()).isEqualTo(401);

        HttpResponse<String> created = admin("POST", "",
                "{\"version\":\"" + version + "\",\"secret\":\"" + added + "\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(created.body()).doesNotContain(added);
        String eventId = StripeDeliveries.newEventId();
        assertThat(send(eventId, added).statusCode()).isEqualTo(200);
        assertThat(matchedVersion(eventId)).isEqualTo(version);

        assertThat(admin("DELETE", "/" + version, null).statusCode()).isEqualTo(204);
        assertProblem(send(StripeDeliveries.newEventId(), added), 401, "signature_invalid");
        assertThat(admin("DELETE", "/" + version, null).statusCode()).isEqualTo(404);
    }

    @Test
    void listsVersionsWithTheirLifeCycleButNeverTheSecret() {
        send(StripeDeliveries.newEventId(), CURRENT);

        HttpResponse<String> listed = admin("GET", "", null);

        assertThat(listed.statusCode()).isEqualTo(200);
        assertThat(listed.body()).doesNotContain(PREVIOUS).doesNotContain(CURRENT).doesNotContain("whsec_");
        JsonObject current = Http.json(listed).getJsonArray("versions").getValuesAs(JsonObject.class).stream()
                .filter(entry -> entry.getString("version").equals("v2")).findFirst().orElseThrow();
        assertThat(current.getString("status")).isEqualTo("trusted");
        assertThat(current.getString("created_at")).isNotBlank();
        assertThat(current.getString("last_matched_at")).isNotBlank();
    }

    @Test
    void refusesAddingAnExistingVersionOrASecretInTheWrongFormat() {
        assertProblem(admin("POST", "", "{\"version\":\"v1\",\"secret\":\"whsec_whatever_else\"}"), 409,
                "secret_version_exists");
        assertProblem(admin("POST", "", "{\"version\":\"bad-format\",\"secret\":\"not-a-stripe-secret\"}"), 400,
                "invalid_request");
    }

    @Test
    void requiresAnOperatorTokenToChangeSecretsAndAViewersToReadThem() {
        URI secrets = ArquillianServer.baseUri().resolve("admin/endpoints/stripe-rotation/secrets");
        String viewer = "Bearer " + OperatorTokens.withGroups("viewer");

        assertThat(Http.send(Http.request(secrets).GET().build()).statusCode()).isEqualTo(401);
        assertThat(Http.send(Http.request(secrets, "Authorization", "Bearer " + OperatorTokens.withGroups("customer"))
                .GET().build()).statusCode()).isEqualTo(403);
        assertThat(Http.send(Http.request(secrets, "Authorization", viewer).GET().build()).statusCode())
                .isEqualTo(200);
        assertThat(Http.send(Http.request(secrets, "Authorization", viewer, "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"version\":\"v9\",\"secret\":\"whsec_"
                        + "dmlld2Vy\"}")).build()).statusCode()).isEqualTo(403);
        assertThat(Http.send(Http.request(secrets, "Authorization", "Bearer not-a-token").GET().build())
                .statusCode()).isEqualTo(401);
    }

    private HttpResponse<String> send(String eventId, String secret) {
        return StripeDeliveries.sendNow("stripe-rotation", secret,
                StripeDeliveries.event(eventId, "payment_intent.succeeded"));
    }

    private String matchedVersion(String eventId) {
        return (String) db.rows("SELECT matched_secret_version FROM webhook_inbox WHERE endpoint_id = "
                + "'stripe-rotation' AND provider_event_id = ?", eventId).get(0).get("matched_secret_version");
    }

    private static HttpResponse<String> admin(String method, String suffix, String json) {
        AdminClient admin = new AdminClient(ArquillianServer.baseUri());
        String path = "admin/endpoints/stripe-rotation/secrets" + suffix;
        return switch (method) {
            case "POST" -> admin.post(path, json);
            case "DELETE" -> admin.delete(path);
            default -> admin.get(path);
        };
    }
}
