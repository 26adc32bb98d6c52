package io.tambat.it.webhook;

import io.tambat.it.support.ArquillianServer;
import io.tambat.it.support.Http;
import io.tambat.sender.signing.StripeSigner;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;

/** Stripe-shaped deliveries to the Arquillian server's Stripe endpoints. */
final class StripeDeliveries {

    static final String MAIN_SECRET = "whsec_it_stripe_main_v1";

    private StripeDeliveries() {
    }

    static String newEventId() {
        return "evt_" + UUID.randomUUID().toString().replace("-", "");
    }

    static byte[] event(String eventId, String type) {
        return ("{\"id\":\"" + eventId + "\",\"object\":\"event\",\"type\":\"" + type
                + "\",\"created\":1700000000,\"data\":{\"object\":{\"id\":\"pi_123\",\"amount\":1250}}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    static URI endpoint(String endpointId) {
        return ArquillianServer.baseUri().resolve("webhooks/stripe/" + endpointId);
    }

    /** Signs with the secret at the given time, as one delivery attempt does. */
    static HttpResponse<String> send(String endpointId, String secret, long unixSeconds, byte[] body) {
        return Http.post(endpoint(endpointId), body, "Content-Type", "application/json; charset=utf-8",
                "Stripe-Signature", StripeSigner.signatureHeader(secret, unixSeconds, body));
    }

    static HttpResponse<String> sendNow(String endpointId, String secret, byte[] body) {
        return send(endpointId, secret, Instant.now().getEpochSecond(), body);
    }
}
