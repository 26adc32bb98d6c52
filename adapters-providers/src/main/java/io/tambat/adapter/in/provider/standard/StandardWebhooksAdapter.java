package io.tambat.adapter.in.provider.standard;

import io.tambat.adapter.in.provider.support.DeclaredProviderAdapter;
import io.tambat.adapter.in.provider.support.crypto.SignedMessage;
import io.tambat.adapter.in.provider.support.header.SingleHeader;
import io.tambat.adapter.in.provider.support.header.UnixSeconds;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.in.provider.support.ingress.WebhookEvents;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Standard Webhooks (spec v1.0.0) and Svix.
 *
 * <ul>
 *   <li><b>Logical event id:</b> the {@code webhook-id} header ({@code svix-id} from Svix). It is signed.</li>
 *   <li><b>Attempt timestamp:</b> the {@code webhook-timestamp} header ({@code svix-timestamp}), unix
 *       seconds, signed and renewed on every attempt. Default tolerance five minutes, past and future, as in
 *       the spec.</li>
 *   <li><b>Signature:</b> {@code webhook-signature} ({@code svix-signature}): space-separated
 *       {@code <version>,<base64>} entries over {@code {id}.{timestamp}.{raw body}}. {@code v1} is
 *       HMAC-SHA256 keyed with the base64-decoded part of a {@code whsec_} secret; {@code v1a} is Ed25519,
 *       checked with a {@code whpk_} public key. A {@code whsec_} secret only checks {@code v1} entries and a
 *       {@code whpk_} secret only {@code v1a} entries, so one kind of key can never vouch for the other
 *       kind's signature. Several entries side by side are a rotation: any one may match. At most five
 *       distinct entries ({@code v1} and {@code v1a} together) are accepted; more are {@code SIGNATURE_MISSING},
 *       so that no delivery can make verification arbitrarily costly.</li>
 *   <li><b>Redelivery:</b> the id stays the same on every automatic retry and on a manual resend (spec and
 *       Svix docs); only the timestamp and so the signature change.</li>
 *   <li><b>Envelope:</b> body {@code type} (required), {@code timestamp} (ISO-8601 event time, optional),
 *       {@code /data/id} as the object and {@code /data/version} as its version. The last three are only
 *       recorded beside the event, so a value of another type is recorded as absent rather than refused:
 *       processing reads the object at the endpoint's own pointers and fails an event it cannot
 *       interpret.</li>
 * </ul>
 *
 * <p>Each header is read from its {@code svix-*} name first and falls back to the {@code webhook-*} name,
 * the way Svix's own libraries do.
 */
public final class StandardWebhooksAdapter extends DeclaredProviderAdapter {

    private static final String[] ID_HEADERS = {"svix-id", "webhook-id"};
    private static final String[] TIMESTAMP_HEADERS = {"svix-timestamp", "webhook-timestamp"};
    private static final String[] SIGNATURE_HEADERS = {"svix-signature", "webhook-signature"};

    private static final String EVENT_TYPE = "/type";
    private static final String OBJECT_ID = "/data/id";
    private static final String OBJECT_VERSION = "/data/version";
    private static final String EVENT_TIME = "/timestamp";
    private static final JsonPointers ENVELOPE = JsonPointers.of(EVENT_TYPE, OBJECT_ID, OBJECT_VERSION, EVENT_TIME);

    public StandardWebhooksAdapter() {
        super("standard", Duration.ofMinutes(5), "application/json");
    }

    @Override
    public void validateSecret(String secret) {
        StandardSecret.validate(secret);
    }

    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        Headers headers = delivery.headers();
        String id = signatureHeader(headers, ID_HEADERS);
        long timestamp = UnixSeconds.parse(signatureHeader(headers, TIMESTAMP_HEADERS))
                .orElseThrow(() -> Rejections.signatureMissing("webhook-timestamp is not integer unix seconds"));
        StandardSignatureHeader signatures =
                StandardSignatureHeader.parse(signatureHeader(headers, SIGNATURE_HEADERS));
        // The libraries sign the parsed number, so a timestamp sent with leading zeros is signed without them.
        SignedMessage signed = SignedMessage.of(id + "." + timestamp + ".", delivery.body());
        return SignedDelivery.of(
                secret -> StandardSecret.decode(secret.secret())
                        .map(key -> key.verifies(signed, signatures))
                        .orElse(false),
                Optional.of(Instant.ofEpochSecond(timestamp)));
    }

    private static String signatureHeader(Headers headers, String... names) {
        return SingleHeader.firstPresent(headers, Rejection.SIGNATURE_MISSING, names)
                .filter(value -> !value.isBlank())
                .orElseThrow(() -> Rejections.signatureMissing(names[names.length - 1] + " header is missing"));
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        String id = SingleHeader.firstPresent(delivery.headers(), Rejection.MALFORMED_ENVELOPE, ID_HEADERS)
                .orElseThrow(() -> Rejections.malformedEnvelope("webhook-id header is missing"));
        JsonObject envelope = JsonBodies.parseObject(delivery.body(), ENVELOPE);
        return List.of(WebhookEvents.of(
                id,
                JsonFields.requiredString(envelope, EVENT_TYPE),
                JsonFields.lenientId(envelope, OBJECT_ID),
                JsonFields.lenientLong(envelope, OBJECT_VERSION),
                JsonFields.lenientIsoInstant(envelope, EVENT_TIME)));
    }
}
