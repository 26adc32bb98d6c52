package io.tambat.it.support;

import io.tambat.sender.signing.StandardWebhooksSigner;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.UUID;

/** Standard Webhooks deliveries, signed now with a {@code whsec_} secret, and where their rows stand. */
public final class StandardDeliveries {

    /** The signing secret of the Standard Webhooks endpoints the tests configure (std-main, std-deltas, std). */
    public static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    private StandardDeliveries() {
    }

    public static String newMessageId() {
        return "msg_" + UUID.randomUUID();
    }

    public static HttpResponse<String> send(URI endpoint, String secret, String messageId, byte[] body) {
        long now = Instant.now().getEpochSecond();
        return Http.post(endpoint, body, "Content-Type", "application/json", "webhook-id", messageId,
                "webhook-timestamp", String.valueOf(now), "webhook-signature",
                StandardWebhooksSigner.signature(secret, messageId, now, body));
    }

    /** The inbox status of the row holding a message (fails while there is none). */
    public static String status(TestDatabase db, String messageId) {
        return (String) db.rows("SELECT status FROM webhook_inbox WHERE provider_event_id = ?", messageId).get(0)
                .get("status");
    }
}
