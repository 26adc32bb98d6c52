package io.tambat.it.webhook;

import static io.tambat.it.support.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.sender.signing.StripeSigner;
import io.tambat.sender.signing.StandardWebhooksSigner;
import io.tambat.sender.signing.GitHubSigner;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Every row of the contract's receiving table, from raw HTTP bytes to the rows they leave (or not). */
class WebhookReceivingIT extends DeployedTambatTest {

    private static final String PAYLOAD_KEY = "U3o5FiBNDMMkSLjndPBxWI2fdTk7L0mHAAjQNwM6xeA=";

    @Test
    void acceptsAuthenticStripeEventAndStoresItEncryptedOnce() throws Exception {
        String eventId = StripeDeliveries.newEventId();
        byte[] body = StripeDeliveries.event(eventId, "payment_intent.succeeded");

        HttpResponse<String> response = StripeDeliveries.sendNow("stripe-main", StripeDeliveries.MAIN_SECRET, body);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonObject receipt = Http.json(response);
        assertThat(receipt.getString("status")).isEqualTo("accepted");
        String inboxId = receipt.getString("inbox_id");
        Map<String, Object> row = db.rows("SELECT * FROM webhook_inbox WHERE inbox_id = CAST(? AS uuid)", inboxId)
                .get(0);
        assertThat(row).containsEntry("provider", "stripe").containsEntry("endpoint_id", "stripe-main")
                .containsEntry("provider_event_id", eventId).containsEntry("event_type", "payment_intent.succeeded")
                .containsEntry("object_id", "pi_123").containsEntry("matched_secret_version", "v1")
                .containsEntry("payload_key_id", "it1/row");
        // Ingress writes no history entry (a row's RECEIVED is its received_at); a worker may have recorded the
        // attempt it ended.
        assertThat(db.count("SELECT count(*) FROM webhook_inbox_history WHERE inbox_id = CAST(? AS uuid) "
                + "AND attempt_started_at IS NULL", inboxId)).isZero();
        byte[] stored = (byte[]) row.get("payload_ciphertext");
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain(eventId);
        assertThat(decrypt(stored, "inbox|" + inboxId + "|stripe|stripe-main|" + eventId)).isEqualTo(body);
        assertThat(row.get("payload_sha256")).as("no unkeyed digest of the payload").isNull();
        assertThat((byte[]) row.get("payload_digest")).isEqualTo(hmac(hkdf(new byte[32], "tambat payload digest v1"),
                MessageDigest.getInstance("SHA-256").digest(body)));
    }

    @Test
    void answersDuplicateForAnEventStoredBeforeAndCreatesNoWork() {
        String eventId = StripeDeliveries.newEventId();
        byte[] body = StripeDeliveries.event(eventId, "payment_intent.succeeded");
        String first = Http.json(StripeDeliveries.sendNow("stripe-main", StripeDeliveries.MAIN_SECRET, body))
                .getString("inbox_id");

        HttpResponse<String> again = StripeDeliveries.sendNow("stripe-main", StripeDeliveries.MAIN_SECRET, body);

        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(Http.json(again).getString("status")).isEqualTo("duplicate");
        assertThat(Http.json(again).getString("inbox_id")).isEqualTo(first);
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isEqualTo(1);
    }

    @Test
    void acceptsGitHubDeliveryIdentifiedByItsDeliveryHeader() {
        String delivery = UUID.randomUUID().toString();
        byte[] body = "{\"action\":\"opened\",\"repository\":{\"id\":1}}".getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> response = Http.post(uri("webhooks/github/gh-main"), body,
                "Content-Type", "application/json", "X-GitHub-Event", "issues", "X-GitHub-Delivery", delivery,
                "X-Hub-Signature-256", GitHubSigner.signatureHeader("It's a Secret to Everybody", body));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Http.json(response).getString("status")).isEqualTo("accepted");
        assertThat(db.inboxRows("github", "gh-main", delivery)).isEqualTo(1);
    }

    @Test
    void answersAReplayedBodyAsADuplicateWithinTheEndpointsReplayWindow() {
        byte[] body = ("{\"action\":\"opened\",\"repository\":{\"id\":" + System.nanoTime() + "}}")
                .getBytes(StandardCharsets.UTF_8);
        String first = UUID.randomUUID().toString();
        String replayed = UUID.randomUUID().toString();

        HttpResponse<String> original = github("gh-replay", "gh-replay-secret", first, body);
        HttpResponse<String> replay = github("gh-replay", "gh-replay-secret", replayed, body);
        HttpResponse<String> retry = github("gh-replay", "gh-replay-secret", first, body);

        assertThat(Http.json(original).getString("status")).isEqualTo("accepted");
        String inboxId = Http.json(original).getString("inbox_id");
        assertThat(Http.json(replay).getString("status")).isEqualTo("duplicate");
        assertThat(Http.json(replay).getString("inbox_id")).isEqualTo(inboxId);
        assertThat(Http.json(retry).getString("inbox_id")).isEqualTo(inboxId);
        assertThat(db.inboxRows("github", "gh-replay", first)).isEqualTo(1);
        assertThat(db.inboxRows("github", "gh-replay", replayed)).isZero();
        // Without a window (the default) the provider's own id alone decides: the same body twice is two events.
        String other = UUID.randomUUID().toString();
        String otherAgain = UUID.randomUUID().toString();
        assertThat(Http.json(github("gh-main", "It's a Secret to Everybody", other, body)).getString("status"))
                .isEqualTo("accepted");
        assertThat(Http.json(github("gh-main", "It's a Secret to Everybody", otherAgain, body)).getString("status"))
                .isEqualTo("accepted");
    }

    private static HttpResponse<String> github(String endpoint, String secret, String delivery, byte[] body) {
        return Http.post(uri("webhooks/github/" + endpoint), body, "Content-Type", "application/json",
                "X-GitHub-Event", "issues", "X-GitHub-Delivery", delivery,
                "X-Hub-Signature-256", GitHubSigner.signatureHeader(secret, body));
    }

    @Test
    void acceptsStandardWebhooksDeliveryWithMultiByteBody() {
        String messageId = "msg_" + UUID.randomUUID();
        long now = Instant.now().getEpochSecond();
        byte[] body = "{\"type\":\"invoice.paid\",\"data\":{\"id\":\"inv_1\",\"version\":3,\"note\":\"café ☕ 日本\"}}"
                .getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> response = Http.post(uri("webhooks/standard/std-main"), body,
                "Content-Type", "application/json", "webhook-id", messageId, "webhook-timestamp",
                String.valueOf(now), "webhook-signature",
                StandardWebhooksSigner.signature(StandardDeliveries.SECRET, messageId, now, body));

        assertThat(response.statusCode()).isEqualTo(200);
        Map<String, Object> row = db.rows("SELECT object_id, object_version FROM webhook_inbox "
                + "WHERE provider = 'standard' AND provider_event_id = ?", messageId).get(0);
        assertThat(row).containsEntry("object_id", "inv_1").containsEntry("object_version", 3L);
    }

    @Test
    void ignoresAuthenticEventOfATypeTheEndpointDoesNotTake() {
        String eventId = StripeDeliveries.newEventId();
        byte[] body = StripeDeliveries.event(eventId, "customer.created");

        HttpResponse<String> response = StripeDeliveries.sendNow("stripe-typed", "whsec_it_stripe_typed", body);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Http.json(response).getString("status")).isEqualTo("ignored");
        assertThat(db.inboxRows("stripe", "stripe-typed", eventId)).isZero();
    }

    @Test
    void refusesUnknownEndpointAndProviderMismatch() {
        byte[] body = StripeDeliveries.event(StripeDeliveries.newEventId(), "payment_intent.succeeded");

        assertProblem(StripeDeliveries.sendNow("nope", StripeDeliveries.MAIN_SECRET, body), 404, "unknown_endpoint");
        assertProblem(Http.post(uri("webhooks/github/stripe-main"), body, "Content-Type", "application/json",
                "Stripe-Signature", StripeSigner.signatureHeader(StripeDeliveries.MAIN_SECRET, now(), body)),
                404, "unknown_endpoint");
    }

    @Test
    void refusesEveryMethodButPost() {
        for (String method : new String[] {"GET", "PUT", "DELETE", "PATCH"}) {
            HttpResponse<String> response = Http.send(Http.request(uri("webhooks/stripe/stripe-main"))
                    .method(method, HttpRequest.BodyPublishers.noBody()).build());
            assertProblem(response, 405, "method_not_allowed");
            assertThat(response.headers().firstValue("Allow")).hasValue("POST");
        }
    }

    @Test
    void refusesContentTypeTheProviderDoesNotSend() {
        byte[] body = StripeDeliveries.event(StripeDeliveries.newEventId(), "payment_intent.succeeded");

        assertProblem(Http.post(StripeDeliveries.endpoint("stripe-main"), body, "Content-Type", "text/plain",
                "Stripe-Signature", StripeSigner.signatureHeader(StripeDeliveries.MAIN_SECRET, now(), body)),
                415, "unsupported_media_type");
    }

    @Test
    void refusesBodyOverTheLimitWhenDeclared() {
        byte[] body = githubBody(1025);

        assertProblem(github("gh-small", body, UUID.randomUUID().toString()), 413, "payload_too_large");
    }

    @Test
    void refusesBodyOverTheLimitWhileStreamingChunked() {
        String delivery = UUID.randomUUID().toString();

        HttpResponse<String> response = githubChunked(githubBody(1025), delivery);

        assertProblem(response, 413, "payload_too_large");
        assertThat(db.inboxRows("github", "gh-small", delivery)).isZero();
    }

    @Test
    void acceptsBodyOfExactlyTheLimitChunked() {
        String delivery = UUID.randomUUID().toString();

        HttpResponse<String> response = githubChunked(githubBody(1024), delivery);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(db.inboxRows("github", "gh-small", delivery)).isEqualTo(1);
    }

    @Test
    void refusesOversizedHeadersBeforeTheApplication() {
        byte[] body = StripeDeliveries.event(StripeDeliveries.newEventId(), "payment_intent.succeeded");

        HttpResponse<String> response = Http.post(StripeDeliveries.endpoint("stripe-main"), body,
                "Content-Type", "application/json", "X-Padding", "a".repeat(20_000),
                "Stripe-Signature", StripeSigner.signatureHeader(StripeDeliveries.MAIN_SECRET, now(), body));

        assertThat(response.statusCode()).isBetween(400, 431);
    }

    @Test
    void refusesMissingDuplicatedOrMalformedSignatureHeaders() {
        String eventId = StripeDeliveries.newEventId();
        byte[] body = StripeDeliveries.event(eventId, "payment_intent.succeeded");
        String valid = StripeSigner.signatureHeader(StripeDeliveries.MAIN_SECRET, now(), body);
        URI endpoint = StripeDeliveries.endpoint("stripe-main");

        assertProblem(Http.post(endpoint, body, "Content-Type", "application/json"), 400, "signature_missing");
        assertProblem(Http.post(endpoint, body, "Content-Type", "application/json", "Stripe-Signature", valid,
                "Stripe-Signature", valid), 400, "signature_missing");
        assertProblem(Http.post(endpoint, body, "Content-Type", "application/json", "Stripe-Signature",
                "garbage"), 400, "signature_missing");
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isZero();
    }

    @Test
    void treatsGitHubLegacySha1SignatureAloneAsMissing() {
        byte[] body = githubBody(10);

        assertProblem(Http.post(uri("webhooks/github/gh-main"), body, "Content-Type", "application/json",
                "X-GitHub-Event", "push", "X-GitHub-Delivery", UUID.randomUUID().toString(),
                "X-Hub-Signature", "sha1=0123456789abcdef0123456789abcdef01234567"), 400, "signature_missing");
    }

    @Test
    void refusesSignatureNoTrustedSecretVerifies() {
        String eventId = StripeDeliveries.newEventId();
        byte[] body = StripeDeliveries.event(eventId, "payment_intent.succeeded");

        assertProblem(StripeDeliveries.sendNow("stripe-main", "whsec_not_the_secret", body), 401, "signature_invalid");
        byte[] tampered = body.clone();
        tampered[tampered.length - 3] ^= 1;
        assertProblem(Http.post(StripeDeliveries.endpoint("stripe-main"), tampered, "Content-Type",
                "application/json", "Stripe-Signature", StripeSigner.signatureHeader(StripeDeliveries.MAIN_SECRET, now(), body)),
                401, "signature_invalid");
        assertThat(db.inboxRows("stripe", "stripe-main", eventId)).isZero();
    }

    @Test
    void refusesSignedTimestampsOutsideTheToleranceInBothDirections() {
        String eventId = StripeDeliveries.newEventId();
        byte[] body = StripeDeliveries.event(eventId, "payment_intent.succeeded");

        assertProblem(StripeDeliveries.send("stripe-main", StripeDeliveries.MAIN_SECRET, now() - 301, body),
                401, "timestamp_stale");
        assertProblem(StripeDeliveries.send("stripe-main", StripeDeliveries.MAIN_SECRET, now() + 301, body),
                401, "timestamp_stale");
        assertThat(StripeDeliveries.send("stripe-main", StripeDeliveries.MAIN_SECRET, now() - 240, body)
                .statusCode()).isEqualTo(200);
    }

    @Test
    void refusesAuthenticBodyThatIsNotAnEventEnvelope() {
        byte[] notJson = "this is not json".getBytes(StandardCharsets.UTF_8);
        byte[] noType = "{\"id\":\"evt_no_type\",\"object\":\"event\"}".getBytes(StandardCharsets.UTF_8);

        assertProblem(StripeDeliveries.sendNow("stripe-main", StripeDeliveries.MAIN_SECRET, notJson), 400,
                "malformed_envelope");
        assertProblem(StripeDeliveries.sendNow("stripe-main", StripeDeliveries.MAIN_SECRET, noType), 400,
                "malformed_envelope");
        assertThat(db.inboxRows("stripe", "stripe-main", "evt_no_type")).isZero();
    }

    @Test
    void limitsTheRateOfAnEndpointWithRetryAfter() {
        HttpResponse<String> limited = null;
        for (int i = 0; i < 10 && limited == null; i++) {
            byte[] body = StripeDeliveries.event(StripeDeliveries.newEventId(), "payment_intent.succeeded");
            HttpResponse<String> response = StripeDeliveries.sendNow("stripe-limited", "whsec_it_stripe_limited", body);
            if (response.statusCode() == 429) {
                limited = response;
            } else {
                assertThat(response.statusCode()).isEqualTo(200);
            }
        }

        assertThat(limited).as("a 429 within 10 quick deliveries at 2/s").isNotNull();
        assertProblem(limited, 429, "rate_limited");
        assertThat(limited.headers().firstValue("Retry-After")).hasValueSatisfying(
                seconds -> assertThat(Integer.parseInt(seconds)).isBetween(1, 2));
    }

    @Test
    void exposesOutcomeCountersAndAckLatencyWithoutSecrets() {
        StripeDeliveries.sendNow("stripe-main", StripeDeliveries.MAIN_SECRET,
                StripeDeliveries.event(StripeDeliveries.newEventId(), "payment_intent.succeeded"));

        String metrics = Http.send(Http.request(uri("metrics?scope=application")).GET().build()).body();

        assertThat(metrics).contains("tambat_webhook_requests_total{mp_scope=\"application\",outcome=\"accepted\",}")
                .contains("outcome=\"signature_invalid\"")
                .contains("tambat_webhook_ack_seconds{mp_scope=\"application\",provider=\"stripe\",quantile=\"0.99\",}")
                .containsPattern("tambat_webhook_secret_matches_total\\{[^}]*endpoint=\"stripe-main\"[^}]*version=\"v1\"")
                .doesNotContain(StripeDeliveries.MAIN_SECRET).doesNotContain("whsec_");
    }

    @Test
    void reportsReadyWhileTheDatabaseAnswers() {
        HttpResponse<String> ready = Http.send(Http.request(uri("health/ready")).GET().build());

        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ready.body()).contains("\"database\"").contains("UP");
    }

    private static byte[] githubBody(int size) {
        String prefix = "{\"pad\":\"";
        String suffix = "\"}";
        return (prefix + "x".repeat(size - prefix.length() - suffix.length()) + suffix)
                .getBytes(StandardCharsets.UTF_8);
    }

    private static HttpResponse<String> github(String endpoint, byte[] body, String delivery) {
        String secret = endpoint.equals("gh-small") ? "gh-small-secret" : "It's a Secret to Everybody";
        return Http.post(uri("webhooks/github/" + endpoint), body, "Content-Type", "application/json",
                "X-GitHub-Event", "push", "X-GitHub-Delivery", delivery,
                "X-Hub-Signature-256", GitHubSigner.signatureHeader(secret, body));
    }

    /** A body of unknown length: the JDK client sends it with Transfer-Encoding: chunked. */
    private static HttpResponse<String> githubChunked(byte[] body, String delivery) {
        return Http.send(Http.request(uri("webhooks/github/gh-small"),
                        "Content-Type", "application/json", "X-GitHub-Event", "push", "X-GitHub-Delivery", delivery,
                        "X-Hub-Signature-256", GitHubSigner.signatureHeader("gh-small-secret", body))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build());
    }

    private static URI uri(String path) {
        return ArquillianServer.baseUri().resolve(path);
    }

    private static long now() {
        return Instant.now().getEpochSecond();
    }

    /** A row's own key: HKDF-SHA256 of the payload key and the salt the frame starts with, then AES-GCM. */
    private static byte[] decrypt(byte[] framed, String associatedData) throws Exception {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(hkdf(Arrays.copyOf(framed, 32), "tambat row key v1"), "AES"),
                new GCMParameterSpec(128, framed, 32, 12));
        cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
        return cipher.doFinal(framed, 44, framed.length - 44);
    }

    /** RFC 5869 with SHA-256, 32 bytes of output, from the payload key. */
    private static byte[] hkdf(byte[] salt, String info) throws Exception {
        byte[] pseudorandomKey = hmac(salt, Base64.getDecoder().decode(PAYLOAD_KEY));
        byte[] infoAndCounter = Arrays.copyOf(info.getBytes(StandardCharsets.US_ASCII), info.length() + 1);
        infoAndCounter[info.length()] = 1;
        return hmac(pseudorandomKey, infoAndCounter);
    }

    private static byte[] hmac(byte[] key, byte[] data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(data);
    }
}
