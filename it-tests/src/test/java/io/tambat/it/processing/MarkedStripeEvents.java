package io.tambat.it.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Http;
import io.tambat.sender.signing.StripeSigner;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/**
 * Signed Stripe events to endpoint {@code stripe-main}, each about a payment intent of its own and carrying a
 * marker that only its payload holds, so a test can tell where that payload went and whether it came back whole.
 */
final class MarkedStripeEvents {

    private final String secret;

    MarkedStripeEvents(String secret) {
        this.secret = secret;
    }

    static String newEventId() {
        return "evt_" + UUID.randomUUID().toString().replace("-", "");
    }

    /** A Stripe event about a payment intent of its own, whose payload alone holds {@code marker}. */
    static byte[] event(String eventId, String marker) {
        return ("{\"id\":\"" + eventId + "\",\"object\":\"event\",\"type\":\"payment_intent.succeeded\","
                + "\"data\":{\"object\":{\"id\":\"pi_" + UUID.randomUUID().toString().replace("-", "") + "\","
                + "\"object\":\"payment_intent\",\"description\":\"" + marker + "\"}}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    HttpResponse<String> deliver(URI base, byte[] body) {
        return Http.post(base.resolve("webhooks/stripe/stripe-main"), body, "Content-Type", "application/json",
                "Stripe-Signature", StripeSigner.signatureHeader(secret, Instant.now().getEpochSecond(), body));
    }

    /** The inbox id of a delivery answered as accepted. */
    static String accepted(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonObject receipt = Http.json(response);
        assertThat(receipt.getString("status")).isEqualTo("accepted");
        return receipt.getString("inbox_id");
    }

    /** The operator's reveal of an inbox row's payload answered the exact body. */
    static void revealedExactly(HttpResponse<String> revealed, byte[] body) {
        assertThat(revealed.statusCode()).as(revealed.body()).isEqualTo(200);
        JsonObject payload = Http.json(revealed);
        assertThat(payload.getString("encoding")).isEqualTo("utf-8");
        assertThat(payload.getString("payload")).isEqualTo(new String(body, StandardCharsets.UTF_8));
        assertThat(payload.getInt("bytes")).isEqualTo(body.length);
    }
}
