package io.tambat.adapter.in.provider.stripe;

import io.tambat.adapter.in.provider.support.DeclaredProviderAdapter;
import io.tambat.adapter.in.provider.support.header.TimestampedSignatureHeader;
import io.tambat.adapter.in.provider.support.ingress.WebhookEvents;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Stripe webhooks.
 *
 * <ul>
 *   <li><b>Logical event id:</b> the body's {@code id} ({@code evt_...}). It is inside the signed body, so a
 *       changed id is a changed body and fails verification.</li>
 *   <li><b>Attempt timestamp:</b> {@code t} in the header, unix seconds, signed. Every attempt gets a fresh
 *       {@code t} and so a fresh signature. Default tolerance five minutes, Stripe's own; the pipeline
 *       applies it in both directions, which is stricter than Stripe's SDK (past only).</li>
 *   <li><b>Signature:</b> {@code Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>...]}, lowercase hex
 *       HMAC-SHA256 of {@code {t}.{raw body}}, keyed with the UTF-8 bytes of the whole secret including its
 *       {@code whsec_} prefix (Stripe does not base64-decode it, unlike Standard Webhooks). Only {@code v1}
 *       counts; several {@code v1} values appear while a secret is being rolled, and any one may match, up to
 *       five distinct ones: more are {@code SIGNATURE_MISSING}. {@code v0} is a test-mode scheme and is
 *       ignored.</li>
 *   <li><b>Redelivery:</b> automatic retries (up to three days in live mode) carry the same event object, so
 *       the same {@code id}; only {@code t} and the signature change. A manual resend sends the same event
 *       object too, so it keeps the id (inferred from the id living in the body; Stripe's docs were not
 *       checked for this case). The pipeline's deduplication on the id makes either one a duplicate.</li>
 *   <li><b>Envelope:</b> {@code type}; {@code created} (unix seconds) as the provider's creation time;
 *       {@code data.object.id} as the object. Stripe sends no object version: processing fetches the
 *       object's current state instead. {@code created} and {@code data.object.id} are only recorded beside
 *       the event, so a value of another type is recorded as absent rather than refused: processing reads
 *       the object id again and fails an event it cannot interpret.</li>
 * </ul>
 */
public final class StripeSignatureAdapter extends DeclaredProviderAdapter {

    static final String SIGNATURE_HEADER = "Stripe-Signature";
    private static final TimestampedSignatureHeader.Format HEADER_FORMAT =
            new TimestampedSignatureHeader.Format(SIGNATURE_HEADER, ",", "t", "v1", ".");

    private static final String SECRET_PREFIX = "whsec_";
    // Stripe issues 32 characters after the prefix; eight is a floor against empty or placeholder values,
    // not a strength guarantee.
    private static final int MIN_SECRET_CHARS_AFTER_PREFIX = 8;

    private static final String EVENT_ID = "/id";
    private static final String EVENT_TYPE = "/type";
    private static final String OBJECT_ID = "/data/object/id";
    private static final String CREATED = "/created";
    private static final JsonPointers ENVELOPE = JsonPointers.of(EVENT_ID, EVENT_TYPE, OBJECT_ID, CREATED);

    public StripeSignatureAdapter() {
        super("stripe", Duration.ofMinutes(5), "application/json");
    }

    @Override
    public void validateSecret(String secret) {
        if (secret == null || !secret.startsWith(SECRET_PREFIX)) {
            throw new IllegalArgumentException("a Stripe signing secret starts with " + SECRET_PREFIX);
        }
        String rest = secret.substring(SECRET_PREFIX.length());
        if (rest.length() < MIN_SECRET_CHARS_AFTER_PREFIX || !rest.chars().allMatch(c -> c > ' ' && c < 0x7f)) {
            throw new IllegalArgumentException("a Stripe signing secret has at least "
                    + MIN_SECRET_CHARS_AFTER_PREFIX + " printable ASCII characters after " + SECRET_PREFIX);
        }
    }

    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        return TimestampedSignatureHeader.signedDelivery(delivery, HEADER_FORMAT);
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        JsonObject event = JsonBodies.parseObject(delivery.body(), ENVELOPE);
        return List.of(WebhookEvents.of(
                JsonFields.requiredString(event, EVENT_ID),
                JsonFields.requiredString(event, EVENT_TYPE),
                JsonFields.lenientString(event, OBJECT_ID),
                Optional.empty(),
                JsonFields.lenientEpochSeconds(event, CREATED)));
    }
}
