package io.tambat.it.processing;

import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import io.tambat.it.support.StandardDeliveries;
import io.tambat.sender.signing.StripeSigner;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/** Servers with a Standard Webhooks endpoint whose events carry object versions, and deliveries to them. */
public final class ProcessingServers {

    public static final Duration READY = Duration.ofSeconds(90);

    private ProcessingServers() {
    }

    /** Endpoint {@code std} plus fast processing (short lease and backoff) and the given extra settings. */
    public static TambatServerProcess server(String name, String schema, Map<String, String> extra) {
        return TambatServerProcess.configured(name, TestDatabase.port(), schema, settings(extra));
    }

    /** The settings of {@link #server}, for a server started otherwise. */
    public static Map<String, String> settings(Map<String, String> extra) {
        Map<String, String> environment = new HashMap<>(Map.of(
                "TAMBAT_WEBHOOKS_ENDPOINTS", "std",
                "TAMBAT_WEBHOOKS_ENDPOINT_STD_PROVIDER", "standard",
                "TAMBAT_WEBHOOKS_ENDPOINT_STD_SECRETS", "v1:" + StandardDeliveries.SECRET,
                "TAMBAT_PROCESSING_LEASE", "PT3S",
                "TAMBAT_PROCESSING_INITIAL_BACKOFF", "PT0.2S",
                "TAMBAT_PROCESSING_MAX_BACKOFF", "PT1S"));
        environment.putAll(extra);
        return environment;
    }

    public static String newMessageId() {
        return StandardDeliveries.newMessageId();
    }

    /** The id of a payment no other test touches, for a {@link #paymentEvent} about it. */
    public static String newObjectId() {
        return "pay_" + UUID.randomUUID();
    }

    public static byte[] paymentEvent(String objectId, long version, String state) {
        return paymentEventWith(objectId, version, state, "");
    }

    /** A payment event whose payload alone holds {@code note}: a marker that must show nowhere else. */
    public static byte[] paymentEvent(String objectId, long version, String state, String note) {
        return paymentEventWith(objectId, version, state, ",\"note\":\"" + note + "\"");
    }

    /** {@code moreMembers}: JSON members to add to the payment's own, each after a comma. */
    private static byte[] paymentEventWith(String objectId, long version, String state, String moreMembers) {
        return ("{\"type\":\"payment.updated\",\"data\":{\"object\":\"payment\",\"id\":\"" + objectId
                + "\",\"version\":" + version + ",\"status\":\"" + state + "\"" + moreMembers + "}}")
                .getBytes(StandardCharsets.UTF_8);
    }

    public static HttpResponse<String> deliver(URI base, String messageId, byte[] body) {
        return StandardDeliveries.send(base.resolve("webhooks/standard/std"), StandardDeliveries.SECRET, messageId,
                body);
    }

    /** A signed Stripe event about one payment intent, sent now to the server's endpoint {@code stripe-main}. */
    static HttpResponse<String> deliverStripePayment(URI base, String secret, String eventId, String type,
            String objectId) {
        byte[] body = ("{\"id\":\"" + eventId + "\",\"object\":\"event\",\"type\":\"" + type + "\",\"data\":{\"object\":"
                + "{\"id\":\"" + objectId + "\",\"object\":\"payment_intent\"}}}").getBytes(StandardCharsets.UTF_8);
        return Http.post(base.resolve("webhooks/stripe/stripe-main"), body, "Content-Type", "application/json",
                "Stripe-Signature", StripeSigner.signatureHeader(secret, Instant.now().getEpochSecond(), body));
    }
}
