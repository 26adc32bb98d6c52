package io.tambat.adapter.in.provider.github;

import io.tambat.adapter.in.provider.support.DeclaredProviderAdapter;
import io.tambat.adapter.in.provider.support.crypto.StrictDecoding;
import io.tambat.adapter.in.provider.support.crypto.Utf8SecretHmac;
import io.tambat.adapter.in.provider.support.form.FormFields;
import io.tambat.adapter.in.provider.support.header.MediaTypes;
import io.tambat.adapter.in.provider.support.header.SingleHeader;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.in.provider.support.ingress.WebhookEvents;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * GitHub webhooks (repository, organisation and App hooks).
 *
 * <ul>
 *   <li><b>Logical event id:</b> the {@code X-GitHub-Delivery} GUID. It is <em>not</em> signed: GitHub signs
 *       the body only. A forged id can only be sent with an authentic body, so it can at worst make the
 *       pipeline store a genuine payload a second time under another id; it cannot inject content.</li>
 *   <li><b>Attempt timestamp:</b> none. GitHub signs no timestamp, so there is no tolerance and an authentic
 *       delivery can be replayed verbatim; deduplication on the delivery id is the only replay defence.</li>
 *   <li><b>Signature:</b> {@code X-Hub-Signature-256: sha256=<hex>}, lowercase hex HMAC-SHA256 of the raw
 *       body keyed with the UTF-8 secret, for JSON and form-encoded payloads alike. One signature per
 *       delivery: rotation means the pipeline trying several secret versions. The legacy SHA-1
 *       {@code X-Hub-Signature} on its own counts as missing, because SHA-1 HMAC is not accepted here.</li>
 *   <li><b>Redelivery:</b> GitHub never retries on its own. A redelivery requested in the UI or API keeps
 *       the original {@code X-GitHub-Delivery}, and with the same body and secret the signature is
 *       byte-identical.</li>
 *   <li><b>Envelope:</b> {@code X-GitHub-Event} is the event type; the body must be a JSON object (directly,
 *       or in the {@code payload} form field). The object is the installation, repository,
 *       organization or user the body names ({@link GitHubSubject}): signed fields only, so the unsigned
 *       {@code X-GitHub-Hook-Installation-Target-ID} header is not read and cannot move an authentic event
 *       onto another object. An object id of another type is recorded as absent; processing fails the
 *       event. No provider creation time or object version is read: GitHub sends none that is per event.</li>
 * </ul>
 */
public final class GitHubSignatureAdapter extends DeclaredProviderAdapter {

    static final String SIGNATURE_HEADER = "X-Hub-Signature-256";
    static final String LEGACY_SIGNATURE_HEADER = "X-Hub-Signature";
    static final String DELIVERY_HEADER = "X-GitHub-Delivery";
    static final String EVENT_HEADER = "X-GitHub-Event";

    private static final String JSON = "application/json";
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String SIGNATURE_PREFIX = "sha256=";

    /** Tolerance zero: GitHub signs no timestamp, so the pipeline never applies one to its deliveries. */
    public GitHubSignatureAdapter() {
        super("github", Duration.ZERO, JSON, FORM);
    }

    @Override
    public void validateSecret(String secret) {
        Utf8SecretHmac.requireUsableSecret(secret, "a GitHub webhook secret");
    }

    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        Headers headers = delivery.headers();
        Optional<String> header = SingleHeader.read(headers, SIGNATURE_HEADER, Rejection.SIGNATURE_MISSING);
        if (header.isEmpty()) {
            throw Rejections.signatureMissing(headers.all(LEGACY_SIGNATURE_HEADER).isEmpty()
                    ? SIGNATURE_HEADER + " header is missing"
                    : SIGNATURE_HEADER + " header is missing; the legacy SHA-1 "
                            + LEGACY_SIGNATURE_HEADER + " is not accepted");
        }
        byte[] signature = StrictDecoding.prefixedHex(header.get(), SIGNATURE_PREFIX, Utf8SecretHmac.SHA256_LENGTH)
                .orElseThrow(() -> Rejections.signatureMissing(
                        SIGNATURE_HEADER + " header is not sha256=<64 hex digits>"));
        return SignedDelivery.of(Utf8SecretHmac.sha256(delivery.body(), List.of(signature)), Optional.empty());
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        Headers headers = delivery.headers();
        String deliveryId = SingleHeader.required(headers, DELIVERY_HEADER, Rejection.MALFORMED_ENVELOPE);
        String eventType = SingleHeader.required(headers, EVENT_HEADER, Rejection.MALFORMED_ENVELOPE);
        JsonObject payload = JsonBodies.parseObject(jsonPayload(delivery), GitHubSubject.READ);
        Optional<String> accountId =
                GitHubSubject.in(payload).flatMap(field -> JsonFields.lenientId(payload, field));
        return List.of(WebhookEvents.of(deliveryId, eventType, accountId, Optional.empty(), Optional.empty()));
    }

    /** The JSON bytes: the body itself, or the {@code payload} field of a form-encoded body. */
    private static byte[] jsonPayload(RawDelivery delivery) {
        Optional<String> contentType =
                SingleHeader.read(delivery.headers(), "Content-Type", Rejection.MALFORMED_ENVELOPE);
        if (contentType.isPresent() && MediaTypes.matches(contentType.get(), FORM)) {
            return FormFields.single(delivery.body(), "payload")
                    .orElseThrow(() -> Rejections.malformedEnvelope("form field payload is missing"));
        }
        return delivery.body();
    }
}
