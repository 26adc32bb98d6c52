package io.tambat.adapter.in.provider.paddle;

import io.tambat.adapter.in.provider.support.DeclaredProviderAdapter;
import io.tambat.adapter.in.provider.support.crypto.Utf8SecretHmac;
import io.tambat.adapter.in.provider.support.header.TimestampedSignatureHeader;
import io.tambat.adapter.in.provider.support.ingress.WebhookEvents;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Paddle Billing webhooks (not Paddle Classic, whose {@code p_signature} form field is another scheme).
 *
 * <ul>
 *   <li><b>Logical event id:</b> the body's {@code event_id} ({@code evt_...}), inside the signed body. A
 *       retry keeps it; {@code notification_id} names one destination's notification and is not read.</li>
 *   <li><b>Attempt timestamp:</b> {@code ts} in the header, unix seconds, signed, new on every attempt.
 *       Default tolerance five seconds, Paddle's own; the pipeline applies it in both directions, stricter
 *       than Paddle's SDK (past only). An endpoint's {@code tolerance} widens it for a clock that drifts.</li>
 *   <li><b>Signature:</b> {@code Paddle-Signature: ts=<unix>;h1=<hex>[;h1=<hex>...]}, lowercase hex
 *       HMAC-SHA256 of {@code {ts}:{raw body}} keyed with the destination's secret as UTF-8. During a rotation
 *       Paddle sends several {@code h1}; every one is compared in constant time and any may match (Paddle's
 *       SDK keeps only the last and compares with {@code ===}).</li>
 *   <li><b>Redelivery:</b> retries carry the same event, so the same {@code event_id}, with a new {@code ts}
 *       and signature.</li>
 *   <li><b>Envelope:</b> body {@code event_type} (required); {@code occurred_at} as the provider's time; for
 *       transactions, subscriptions and adjustments {@code data.id} as the object and {@code data.updated_at}
 *       as its version ({@link PaddleEntityFields}), each recorded as absent when of another type.</li>
 * </ul>
 */
public final class PaddleSignatureAdapter extends DeclaredProviderAdapter {

    static final String SIGNATURE_HEADER = "Paddle-Signature";
    private static final TimestampedSignatureHeader.Format HEADER_FORMAT =
            new TimestampedSignatureHeader.Format(SIGNATURE_HEADER, ";", "ts", "h1", ":");

    public PaddleSignatureAdapter() {
        super("paddle", Duration.ofSeconds(5), "application/json");
    }

    @Override
    public void validateSecret(String secret) {
        Utf8SecretHmac.requireUsableSecret(secret, "a Paddle webhook secret");
    }

    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        return TimestampedSignatureHeader.signedDelivery(delivery, HEADER_FORMAT);
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        JsonObject event = JsonBodies.parseObject(delivery.body(), PaddleEntityFields.READ);
        String eventType = JsonFields.requiredString(event, PaddleEntityFields.EVENT_TYPE);
        boolean tracked = PaddleEntityFields.objectType(eventType).isPresent();
        return List.of(WebhookEvents.of(
                JsonFields.requiredString(event, PaddleEntityFields.EVENT_ID),
                eventType,
                tracked ? JsonFields.lenientString(event, PaddleEntityFields.ID) : Optional.empty(),
                tracked ? PaddleEntityFields.lenientVersion(event) : Optional.empty(),
                JsonFields.lenientIsoInstant(event, PaddleEntityFields.OCCURRED_AT)));
    }
}
