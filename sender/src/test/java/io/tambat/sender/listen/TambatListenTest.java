package io.tambat.sender.listen;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.standardwebhooks.Webhook;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** tambat-listen on a free loopback port, sent deliveries signed by the Standard Webhooks reference library. */
class TambatListenTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String OTHER_SECRET = "whsec_b3RoZXIgc2lnbmluZyBzZWNyZXQ=";
    private static final Instant NOW = Instant.parse("2026-12-03T09:00:00Z");
    private static final byte[] BODY = "{\"type\":\"payment.updated\"}".getBytes(UTF_8);

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private TambatListen listener;

    @AfterEach
    void stop() {
        listener.close();
    }

    @Test
    void answersAVerifiedDeliveryAndPrintsWhatItWas() throws Exception {
        listen("--secret", SECRET);

        assertThat(deliver("msg_1", NOW, signed(SECRET, "msg_1", NOW, BODY), BODY)).isEqualTo(200);
        assertThat(printed()).contains("msg_1", "event", "stripe", "payment_intent.succeeded",
                "evt_3MtwBwLkdIwHu7ix28a3tqPa", "26 bytes", "verified", "-> 200").doesNotContain("payment.updated");
    }

    @Test
    void aDeliverySignedByOneOfSeveralVersionsVerifies() throws Exception {
        listen("--secret", SECRET, "--status", "202");

        String both = signed(OTHER_SECRET, "msg_2", NOW, BODY) + " " + signed(SECRET, "msg_2", NOW, BODY);
        assertThat(deliver("msg_2", NOW, both, BODY)).isEqualTo(202);
    }

    @Test
    void refusesAChangedBodyAnotherSecretAndAStaleTimestamp() throws Exception {
        listen("--secret", SECRET);

        byte[] changed = "{\"type\":\"payment.updatee\"}".getBytes(UTF_8);
        assertThat(deliver("msg_3", NOW, signed(SECRET, "msg_3", NOW, BODY), changed)).isEqualTo(401);
        assertThat(deliver("msg_4", NOW, signed(OTHER_SECRET, "msg_4", NOW, BODY), BODY)).isEqualTo(401);
        Instant stale = NOW.minusSeconds(6 * 60);
        assertThat(deliver("msg_5", stale, signed(SECRET, "msg_5", stale, BODY), BODY)).isEqualTo(401);
        assertThat(printed()).contains("NOT VERIFIED: no webhook-signature entry matches this secret",
                "NOT VERIFIED: webhook-timestamp is more than 5 minutes from now");
    }

    @Test
    void failsTheFirstAttemptsOfEachMessageToShowRetries() throws Exception {
        listen("--secret", SECRET, "--fail-first", "2");

        String signature = signed(SECRET, "msg_6", NOW, BODY);
        assertThat(deliver("msg_6", NOW, signature, BODY)).isEqualTo(500);
        assertThat(deliver("msg_6", NOW, signature, BODY)).isEqualTo(500);
        assertThat(deliver("msg_6", NOW, signature, BODY)).isEqualTo(200);
        assertThat(deliver("msg_7", NOW, signed(SECRET, "msg_7", NOW, BODY), BODY)).isEqualTo(500);
        assertThat(printed()).contains("failing attempt 2 of 2");
    }

    @Test
    void printsAnEncodedEventTypeDecoded() throws Exception {
        listen("--secret", SECRET);

        assertThat(deliverVerified(Map.of("tambat-event-type", "paiement.r%C3%A9ussi.%E6%97%A5%E6%9C%AC",
                "tambat-encoded", "tambat-event-type"))).isEqualTo(200);
        assertThat(printed()).contains("  paiement.réussi.日本  ").doesNotContain("%C3%A9");
    }

    @Test
    void printsALineBreakInADecodedProviderEventIdEscapedSoTheDeliveryStaysOneLine() throws Exception {
        listen("--secret", SECRET);

        assertThat(deliverVerified(Map.of("tambat-provider-event-id", "evt_1%0D%0Aabc%1B%5B2J",
                "tambat-encoded", "tambat-provider-event-id"))).isEqualTo(200);
        assertThat(printed()).contains("  evt_1\\r\\nabc\\u001B[2J  ").doesNotContain("\r", "\u001B");
        assertThat(printed().lines()).hasSize(1);
    }

    @Test
    void printsAHeaderThatTambatEncodedDoesNotNameAsItCame() throws Exception {
        listen("--secret", SECRET);

        assertThat(deliverVerified(Map.of("tambat-event-type", "paiement.r%C3%A9ussi",
                "tambat-provider-event-id", "evt_1%0D%0Aabc", "tambat-encoded", "tambat-provider-event-id")))
                .isEqualTo(200);
        assertThat(printed()).contains("  paiement.r%C3%A9ussi  ", "  evt_1\\r\\nabc  ");
    }

    private void listen(String... args) {
        String[] withPort = new String[args.length + 2];
        withPort[0] = "--port";
        withPort[1] = "0";
        System.arraycopy(args, 0, withPort, 2, args.length);
        listener = TambatListen.start(ListenOptions.parse(withPort), new PrintStream(printed, true, UTF_8),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static String signed(String secret, String id, Instant at, byte[] body) throws Exception {
        return new Webhook(secret).sign(id, at.getEpochSecond(), new String(body, UTF_8));
    }

    private int deliver(String id, Instant at, String signature, byte[] body) throws Exception {
        return deliver(id, at, signature, body, Map.of());
    }

    /** A signed delivery whose tambat-* headers are the usual ones, replaced or added to by {@code tambat}. */
    private int deliverVerified(Map<String, String> tambat) throws Exception {
        return deliver("msg_8", NOW, signed(SECRET, "msg_8", NOW, BODY), BODY, tambat);
    }

    private int deliver(String id, Instant at, String signature, byte[] body, Map<String, String> tambat)
            throws Exception {
        Map<String, String> tambatHeaders = new LinkedHashMap<>();
        tambatHeaders.put("tambat-message-type", "event");
        tambatHeaders.put("tambat-provider", "stripe");
        tambatHeaders.put("tambat-event-type", "payment_intent.succeeded");
        tambatHeaders.put("tambat-provider-event-id", "evt_3MtwBwLkdIwHu7ix28a3tqPa");
        tambatHeaders.putAll(tambat);
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + listener.port() + "/"))
                .header("Content-Type", "application/json")
                .header("webhook-id", id)
                .header("webhook-timestamp", Long.toString(at.getEpochSecond()))
                .header("webhook-signature", signature);
        tambatHeaders.forEach(request::header);
        return HttpClient.newHttpClient()
                .send(request.POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private String printed() {
        return printed.toString(UTF_8);
    }
}
