package io.tambat.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.AdminClient;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import io.tambat.sender.signing.StripeSigner;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Operators' changes to secret versions are durable: after a restart with the same configuration, a
 * retired configured version stays retired and an added one stays trusted. Secrets are stored sealed. A change
 * made through one instance takes effect on every other within a second, whatever their cache TTL.
 */
class SecretStateSurvivesRestartIT {

    private static final String SCHEMA = "tambat_secret_restart";
    private static final String ADDED = "whsec_it_added_at_runtime";
    private static final String SECRETS = "admin/endpoints/stripe-main/secrets";

    @BeforeEach
    void startFromAnEmptySchema() {
        new TestDatabase(SCHEMA).dropSchema();
    }

    @Test
    void retirementsAndAdditionsOutliveARestartAndSecretsAreStoredSealed() {
        try (TambatServerProcess first = start("secrets-first")) {
            assertSealed();
            AdminClient admin = new AdminClient(first.baseUri());
            assertThat(admin.delete(SECRETS + "/v1").statusCode()).isEqualTo(204);
            assertThat(admin.post(SECRETS, "{\"version\":\"v2\",\"secret\":\"" + ADDED + "\"}").statusCode())
                    .isEqualTo(201);
        }

        try (TambatServerProcess restarted = start("secrets-restarted")) {
            HttpResponse<String> retired = send(restarted.baseUri(), StripeProcessDeliveries.SECRET);
            HttpResponse<String> added = send(restarted.baseUri(), ADDED);

            assertThat(retired.statusCode()).as(retired.body()).isEqualTo(401);
            assertThat(Http.json(retired).getString("code")).isEqualTo("signature_invalid");
            assertThat(added.statusCode()).as(added.body()).isEqualTo(200);
        }
    }

    @Test
    void aChangeThroughOneInstanceTakesEffectOnAnotherWithinASecond() {
        Map<String, String> longCache = new java.util.HashMap<>(StripeProcessDeliveries.ENDPOINTS);
        longCache.put("TAMBAT_SECRETS_CACHE_TTL", "PT10M");
        longCache.put("TAMBAT_PROCESSING_ENABLED", "false");
        try (TambatServerProcess a = TambatServerProcess.configured("secrets-a", TestDatabase.port(), SCHEMA,
                        longCache).start().awaitReady(Duration.ofSeconds(90));
                TambatServerProcess b = TambatServerProcess.configured("secrets-b", TestDatabase.port(), SCHEMA,
                        longCache).start().awaitReady(Duration.ofSeconds(90))) {
            assertThat(send(b.baseUri(), StripeProcessDeliveries.SECRET).statusCode()).isEqualTo(200);
            AdminClient admin = new AdminClient(a.baseUri());
            assertThat(admin.post(SECRETS, "{\"version\":\"v2\",\"secret\":\"" + ADDED + "\"}").statusCode())
                    .isEqualTo(201);
            assertThat(admin.delete(SECRETS + "/v1").statusCode()).isEqualTo(204);
            long retiredAt = System.nanoTime();

            assertThat(send(a.baseUri(), StripeProcessDeliveries.SECRET).statusCode()).isEqualTo(401);
            int status;
            do {
                status = send(b.baseUri(), StripeProcessDeliveries.SECRET).statusCode();
            } while (status == 200 && System.nanoTime() - retiredAt < Duration.ofSeconds(5).toNanos());
            Duration refusedAfter = Duration.ofNanos(System.nanoTime() - retiredAt);
            System.out.println("instance B refused the retired version " + refusedAfter.toMillis() + " ms after "
                    + "the retirement through A");
            assertThat(status).isEqualTo(401);
            assertThat(refusedAfter).isLessThanOrEqualTo(Duration.ofSeconds(1));
            assertThat(send(b.baseUri(), ADDED).statusCode()).isEqualTo(200);
        }
    }

    /** Seeded secrets are stored only as ciphertext, each under a key derived from the payload key. */
    private static void assertSealed() {
        List<Map<String, Object>> rows = new TestDatabase(SCHEMA).rows(
                "SELECT secret_ciphertext, secret_key_id FROM webhook_secret WHERE endpoint_id = 'stripe-main'");
        assertThat(rows).isNotEmpty().allSatisfy(row -> {
            assertThat(row.get("secret_key_id")).isEqualTo("it1/row");
            assertThat(new String((byte[]) row.get("secret_ciphertext"), StandardCharsets.ISO_8859_1))
                    .doesNotContain("whsec_");
        });
    }

    private static TambatServerProcess start(String name) {
        return TambatServerProcess.configured(name, TestDatabase.port(), SCHEMA, StripeProcessDeliveries.ENDPOINTS)
                .start().awaitReady(Duration.ofSeconds(90));
    }

    private static HttpResponse<String> send(URI base, String secret) {
        byte[] body = StripeProcessDeliveries.event(StripeProcessDeliveries.newEventId());
        long now = Instant.now().getEpochSecond();
        return Http.post(base.resolve("webhooks/stripe/stripe-main"), body, "Content-Type", "application/json",
                "Stripe-Signature", StripeSigner.signatureHeader(secret, now, body));
    }
}
