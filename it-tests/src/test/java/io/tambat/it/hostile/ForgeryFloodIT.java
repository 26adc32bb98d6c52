package io.tambat.it.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.DeployedTambatTest;
import io.tambat.it.support.Http;
import io.tambat.sender.signing.StripeSigner;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.junit.jupiter.api.Test;

/**
 * A flood of forged deliveries drains its own bucket ({@code unverified-rate-limit}, 5/s on this endpoint) and
 * is answered 429, while correctly signed deliveries sent in the middle of it are all accepted.
 */
@RunAsClient
class ForgeryFloodIT extends DeployedTambatTest {

    private static final URI ENDPOINT = ArquillianServer.baseUri().resolve("webhooks/stripe/stripe-flood");
    private static final String SECRET = "whsec_it_stripe_flood";

    @Test
    void forgeriesAreThrottledWhileAuthenticDeliveriesFlow() {
        List<Integer> forgeryAnswers = new ArrayList<>();
        List<String> accepted = new ArrayList<>();
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 10; i++) {
                forgeryAnswers.add(send(event(), "whsec_not_the_secret").statusCode());
            }
            String eventId = "evt_" + UUID.randomUUID().toString().replace("-", "");
            HttpResponse<String> authentic = send(event(eventId), SECRET);
            assertThat(authentic.statusCode()).as(authentic.body()).isEqualTo(200);
            assertThat(authentic.body()).contains("\"accepted\"");
            accepted.add(eventId);
        }

        assertThat(forgeryAnswers).containsOnly(401, 429).contains(429);
        HttpResponse<String> throttled = send(event(), "whsec_not_the_secret");
        if (throttled.statusCode() == 429) {
            assertThat(throttled.headers().firstValue("Retry-After")).isPresent();
            assertThat(Http.json(throttled).getString("code")).isEqualTo("rate_limited");
        }
        for (String eventId : accepted) {
            assertThat(db.inboxRows("stripe", "stripe-flood", eventId)).isEqualTo(1);
        }
    }

    private static byte[] event() {
        return event("evt_" + UUID.randomUUID().toString().replace("-", ""));
    }

    private static byte[] event(String eventId) {
        return ("{\"id\":\"" + eventId + "\",\"object\":\"event\",\"type\":\"payment_intent.succeeded\","
                + "\"created\":1700000000,\"data\":{\"object\":{\"id\":\"pi_flood\"}}}").getBytes(StandardCharsets.UTF_8);
    }

    private static HttpResponse<String> send(byte[] body, String secret) {
        return Http.post(ENDPOINT, body, "Content-Type", "application/json",
                "Stripe-Signature", StripeSigner.signatureHeader(secret, Instant.now().getEpochSecond(), body));
    }
}
