package io.tambat.it.resilience;

import io.tambat.it.support.Http;
import io.tambat.sender.signing.StripeSigner;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;

/** The Stripe endpoints the process tests configure, and deliveries to them. */
final class StripeProcessDeliveries {

    static final String SECRET = "whsec_it_process_v1";

    /** Two Stripe endpoints: one the tests warm up, one nobody has used (its secrets are not cached). */
    static final Map<String, String> ENDPOINTS = Map.of(
            "TAMBAT_WEBHOOKS_ENDPOINTS", "stripe-main,stripe-cold",
            "TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_MAIN_PROVIDER", "stripe",
            "TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_MAIN_SECRETS", "v1:" + SECRET,
            "TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_COLD_PROVIDER", "stripe",
            "TAMBAT_WEBHOOKS_ENDPOINT_STRIPE_COLD_SECRETS", "v1:" + SECRET);

    private StripeProcessDeliveries() {
    }

    static String newEventId() {
        return "evt_" + UUID.randomUUID().toString().replace("-", "");
    }

    static byte[] event(String eventId) {
        return ("{\"id\":\"" + eventId + "\",\"object\":\"event\",\"type\":\"payment_intent.succeeded\","
                + "\"data\":{\"object\":{\"id\":\"pi_1\"}}}").getBytes(StandardCharsets.UTF_8);
    }

    static HttpResponse<String> send(URI base, String endpoint, byte[] body, long unixSeconds) {
        return Http.post(base.resolve("webhooks/stripe/" + endpoint), body, "Content-Type", "application/json",
                "Stripe-Signature", StripeSigner.signatureHeader(SECRET, unixSeconds, body));
    }
}
