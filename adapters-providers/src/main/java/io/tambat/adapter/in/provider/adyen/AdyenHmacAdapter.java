package io.tambat.adapter.in.provider.adyen;

import io.tambat.adapter.in.provider.support.DeclaredProviderAdapter;
import io.tambat.adapter.in.provider.support.crypto.ConstantTime;
import io.tambat.adapter.in.provider.support.crypto.Hmac;
import io.tambat.adapter.in.provider.support.crypto.StrictDecoding;
import io.tambat.adapter.in.provider.support.crypto.Utf8SecretHmac;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.in.provider.support.ingress.WebhookEvents;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.provider.spi.ProviderReply;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.SignatureCheck;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Adyen standard notifications: the signature is not in a header but inside the body, one per item.
 *
 * <ul>
 *   <li><b>Logical event id:</b> per item, {@code <pspReference>:<eventCode>:<success>}, what Adyen keeps when it
 *       sends an item again. Two items of one batch with the same id are one event.</li>
 *   <li><b>Attempt timestamp:</b> none is signed ({@code eventDate} is when the event happened), so replays are
 *       caught by the id or the endpoint's {@code replay-window}.</li>
 *   <li><b>Signature:</b> {@code additionalData.hmacSignature} of every item, base64 HMAC-SHA256 keyed with the
 *       hex-decoded HMAC key of {@code pspReference:originalReference:merchantAccountCode:merchantReference:
 *       value:currency:eventCode:success}. One trusted key version must verify every item: a batch with one
 *       failing item is refused whole, so nothing of it is stored and Adyen sends it again.</li>
 *   <li><b>Acknowledgement:</b> Adyen wants the body {@code [accepted]}, whatever became of the items.</li>
 *   <li><b>Envelope:</b> each item is an event of type {@code eventCode} about the payment it names
 *       ({@code originalReference} for a modification, else {@code pspReference}); the raw batch is stored with
 *       every item, and processing finds its item by the id.</li>
 * </ul>
 */
public final class AdyenHmacAdapter extends DeclaredProviderAdapter {

    static final ProviderReply ACCEPTED = new ProviderReply("text/plain", "[accepted]");

    private static final Pattern HEX_KEY = Pattern.compile("([0-9A-Fa-f]{2})+");

    /** Tolerance zero: Adyen signs no timestamp, so the pipeline never applies one to its notifications. */
    public AdyenHmacAdapter() {
        super("adyen", Duration.ZERO, "application/json");
    }

    @Override
    public void validateSecret(String secret) {
        if (secret == null || !HEX_KEY.matcher(secret).matches()) {
            throw new IllegalArgumentException("an Adyen HMAC key must be hexadecimal, two digits a byte");
        }
    }

    /**
     * One check per item.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code SIGNATURE_MISSING} when the body holds no
     *         items, or an item has no well-formed {@code hmacSignature}
     */
    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        List<SignatureCheck> checks = AdyenNotification.items(delivery.body(), Rejections::signatureMissing).stream()
                .map(AdyenHmacAdapter::check)
                .toList();
        return new SignedDelivery(checks, Optional.empty());
    }

    private static SignatureCheck check(AdyenNotificationItem item) {
        byte[] signature = JsonFields.lenientString(item.item(), AdyenNotificationItem.HMAC_SIGNATURE)
                .flatMap(text -> StrictDecoding.base64(text, Utf8SecretHmac.SHA256_LENGTH))
                .orElseThrow(() -> Rejections.signatureMissing(
                        "an item's additionalData.hmacSignature is missing or not a base64 HMAC-SHA256"));
        byte[] signed = item.signedText().getBytes(StandardCharsets.UTF_8);
        return secret -> key(secret.secret())
                .map(key -> ConstantTime.anyEquals(Hmac.sha256(key, signed), List.of(signature)))
                .orElse(false);
    }

    private static Optional<byte[]> key(String hex) {
        return HEX_KEY.matcher(hex).matches() ? Optional.of(HexFormat.of().parseHex(hex)) : Optional.empty();
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        Map<String, WebhookEvent> events = new LinkedHashMap<>();
        for (AdyenNotificationItem item : AdyenNotification.items(delivery.body(), Rejections::malformedEnvelope)) {
            if (item.pspReference().isBlank() || item.eventCode().isBlank()) {
                throw Rejections.malformedEnvelope("an item has no pspReference or eventCode");
            }
            events.putIfAbsent(item.eventId(), WebhookEvents.of(item.eventId(), item.eventCode(),
                    Optional.of(item.paymentReference()), Optional.empty(), item.eventDate()));
        }
        return List.copyOf(events.values());
    }

    @Override
    public Optional<ProviderReply> acknowledgement() {
        return Optional.of(ACCEPTED);
    }
}
