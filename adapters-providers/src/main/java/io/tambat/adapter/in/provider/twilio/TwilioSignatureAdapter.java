package io.tambat.adapter.in.provider.twilio;

import io.tambat.adapter.in.provider.support.DeclaredProviderAdapter;
import io.tambat.adapter.in.provider.support.crypto.ConstantTime;
import io.tambat.adapter.in.provider.support.crypto.Sha256;
import io.tambat.adapter.in.provider.support.crypto.SignedMessage;
import io.tambat.adapter.in.provider.support.crypto.StrictDecoding;
import io.tambat.adapter.in.provider.support.crypto.Utf8SecretHmac;
import io.tambat.adapter.in.provider.support.form.FormFields;
import io.tambat.adapter.in.provider.support.header.MediaTypes;
import io.tambat.adapter.in.provider.support.header.SingleHeader;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.in.provider.support.ingress.WebhookEvents;
import io.tambat.adapter.in.provider.support.json.JsonBodies;
import io.tambat.adapter.in.provider.support.json.JsonFields;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SignatureCheck;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Twilio webhooks and status callbacks (Messaging, Voice), form-encoded, and the JSON bodies some products send.
 *
 * <ul>
 *   <li><b>Logical event id:</b> the {@code I-Twilio-Idempotency-Token} header, the same on every retry of one
 *       request. Without it, the {@code MessageSid} (else {@code SmsSid}, else {@code CallSid}) of a form; when
 *       the form also reports a status, {@code <SID>:<status>}, because a message's successive status callbacks
 *       (queued, sent, delivered) share its SID and must not be collapsed into one. A JSON body without the
 *       header: its {@code id} string (Event Streams' CloudEvents). Nothing is an id otherwise. The header is
 *       not signed: a forged one can at worst store an authentic request a second time, never inject content;
 *       the SID and status are signed.</li>
 *   <li><b>Attempt timestamp:</b> none. Twilio signs no time, so no tolerance applies and an authentic delivery
 *       verifies whenever it is replayed: deduplication on the id, and the endpoint's {@code replay-window}, are
 *       the only replay defences.</li>
 *   <li><b>Signature:</b> {@code X-Twilio-Signature}: base64 HMAC-SHA1 keyed with the auth token as UTF-8,
 *       over the URL Twilio called followed by the form's parameters ({@link TwilioSignedParameters}). The URL
 *       is the endpoint's configured public URL with the request's query string ({@link #signsPublicUrl()}),
 *       never one rebuilt from {@code Host} or forwarded headers, which the sender chooses; it verifies as
 *       written or with its port toggled ({@link TwilioSignedUrls}). A JSON body is signed as no parameters over
 *       a URL whose {@code bodySHA256} query parameter is the body's hex SHA-256, which must match too. One
 *       signature per request, by the primary auth token: rotation is the pipeline trying every trusted
 *       version.</li>
 *   <li><b>Redelivery:</b> none by default; with connection overrides in the console URL's fragment Twilio
 *       retries the same request: the same parameters, so the same signature, and the same idempotency
 *       token, which is what the token is for.</li>
 *   <li><b>Envelope:</b> a form's type is {@code message.<status>} or {@code call.<status>}, the status in lower
 *       case, or {@code message} / {@code call} without one ({@link TwilioCallback}); its SID is the object. A
 *       form naming neither (another product, identified by the header) is a {@code twilio.event}. A JSON body
 *       must be one object; its {@code type} string is the type, else {@code twilio.event}.</li>
 * </ul>
 */
public final class TwilioSignatureAdapter extends DeclaredProviderAdapter {

    private static final String SIGNATURE_HEADER = "X-Twilio-Signature";
    private static final String IDEMPOTENCY_HEADER = "I-Twilio-Idempotency-Token";
    private static final String BODY_HASH_PARAMETER = "bodySHA256";
    private static final String GENERIC_TYPE = "twilio.event";

    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String JSON = "application/json";
    private static final String JSON_ID = "/id";
    private static final String JSON_TYPE = "/type";
    private static final JsonPointers JSON_READ = JsonPointers.of(JSON_ID, JSON_TYPE);
    private static final byte[] NO_PARAMETERS = new byte[0];
    private static final SignedDelivery NEVER_VERIFIED = SignedDelivery.of(secret -> false, Optional.empty());

    /** Tolerance zero: Twilio signs no timestamp, so the pipeline never applies one to its deliveries. */
    public TwilioSignatureAdapter() {
        super("twilio", Duration.ZERO, FORM, JSON);
    }

    /** True: Twilio signs the URL it calls, which only the endpoint's configured public URL can tell. */
    @Override
    public boolean signsPublicUrl() {
        return true;
    }

    /**
     * Any non-empty token of printable characters without whitespace. Twilio's auth tokens are 32 hex digits,
     * but nothing stricter is asked, because Twilio does not promise that format; what is refused is what no
     * Twilio token can be, such as a value pasted with a line break inside it.
     */
    @Override
    public void validateSecret(String secret) {
        if (secret == null || secret.isEmpty() || !secret.codePoints().allMatch(TwilioSignatureAdapter::printable)) {
            throw new IllegalArgumentException(
                    "a Twilio auth token must be non-empty printable characters without whitespace");
        }
    }

    /**
     * The signature over every spelling of the signed URL. A duplicated {@code Content-Type} is
     * {@code UNSUPPORTED_MEDIA_TYPE}, because it decides what was signed. A delivery Twilio cannot have sent (a
     * form that is not valid form encoding or UTF-8, a JSON body that does not hash to its {@code bodySHA256}),
     * or one without a signed URL, which only an endpoint without {@code public-url} lacks, verifies with no
     * token.
     */
    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        byte[] signature = signature(delivery);
        Optional<URI> url = delivery.signedUrl();
        if (url.isEmpty()) {
            return NEVER_VERIFIED;
        }
        if (isJson(delivery)) {
            boolean hashMatches = bodyMatchesItsHash(delivery.body(), url.get());
            SignatureCheck overUrl = overEverySpelling(url.get(), NO_PARAMETERS, signature);
            return SignedDelivery.of(secret -> hashMatches && overUrl.verifiedBy(secret), Optional.empty());
        }
        return TwilioSignedParameters.of(delivery.body())
                .map(parameters -> SignedDelivery.of(overEverySpelling(url.get(), parameters, signature),
                        Optional.empty()))
                .orElse(NEVER_VERIFIED);
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        Optional<String> token =
                SingleHeader.read(delivery.headers(), IDEMPOTENCY_HEADER, Rejection.MALFORMED_ENVELOPE);
        return List.of(isJson(delivery) ? jsonEvent(delivery.body(), token) : formEvent(delivery.body(), token));
    }

    /** The check of the signature over the URL, in each of its spellings, followed by the parameters. */
    private static SignatureCheck overEverySpelling(URI signedUrl, byte[] parameters, byte[] signature) {
        List<SignedMessage> messages = TwilioSignedUrls.spellings(signedUrl).stream()
                .map(spelling -> SignedMessage.of(spelling, parameters))
                .toList();
        return Utf8SecretHmac.sha1OfAny(messages, signature);
    }

    private static byte[] signature(RawDelivery delivery) {
        String value = SingleHeader.required(delivery.headers(), SIGNATURE_HEADER, Rejection.SIGNATURE_MISSING);
        return StrictDecoding.base64(value, Utf8SecretHmac.SHA1_LENGTH)
                .orElseThrow(() -> Rejections.signatureMissing(
                        SIGNATURE_HEADER + " header is not the base64 of 20 bytes"));
    }

    /**
     * Whether the body's SHA-256 equals the one the signed URL's {@code bodySHA256} carries, compared in constant
     * time. That parameter is part of the signature: missing, repeated or not 64 hex digits is
     * {@code SIGNATURE_MISSING}.
     */
    private static boolean bodyMatchesItsHash(byte[] body, URI signedUrl) {
        byte[] name = BODY_HASH_PARAMETER.getBytes(StandardCharsets.US_ASCII);
        List<byte[]> values = Optional.ofNullable(signedUrl.getRawQuery())
                .flatMap(query -> FormFields.all(query.getBytes(StandardCharsets.US_ASCII)))
                .orElse(List.of())
                .stream()
                .filter(field -> Arrays.equals(field.name(), name))
                .map(FormFields.Field::value)
                .toList();
        byte[] claimed = Optional.of(values)
                .filter(found -> found.size() == 1)
                .flatMap(found -> StrictDecoding.hex(new String(found.get(0), StandardCharsets.US_ASCII),
                        Sha256.LENGTH))
                .orElseThrow(() -> Rejections.signatureMissing("the signed URL of a JSON body carries no single "
                        + BODY_HASH_PARAMETER + " of 64 hex digits"));
        return ConstantTime.anyEquals(Sha256.digest(body), List.of(claimed));
    }

    private static WebhookEvent formEvent(byte[] body, Optional<String> token) {
        Optional<TwilioCallback> callback = TwilioCallback.in(body);
        String id = token.or(() -> callback.map(TwilioCallback::eventId))
                .orElseThrow(() -> Rejections.malformedEnvelope(IDEMPOTENCY_HEADER
                        + " header is missing and the form carries no MessageSid, SmsSid or CallSid"));
        String type = callback.map(TwilioCallback::eventType).orElse(GENERIC_TYPE);
        return WebhookEvents.of(id, type, callback.map(TwilioCallback::sid), Optional.empty(), Optional.empty());
    }

    private static WebhookEvent jsonEvent(byte[] body, Optional<String> token) {
        JsonObject event = JsonBodies.parseObject(body, JSON_READ);
        String id = token.orElseGet(() -> JsonFields.requiredString(event, JSON_ID));
        String type = JsonFields.optionalString(event, JSON_TYPE).orElse(GENERIC_TYPE);
        return WebhookEvents.of(id, type, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** Whether the body is JSON rather than a form, by its {@code Content-Type}. */
    private static boolean isJson(RawDelivery delivery) {
        return SingleHeader.read(delivery.headers(), "Content-Type", Rejection.UNSUPPORTED_MEDIA_TYPE)
                .filter(contentType -> MediaTypes.matches(contentType, JSON))
                .isPresent();
    }

    private static boolean printable(int codePoint) {
        return !Character.isWhitespace(codePoint) && !Character.isSpaceChar(codePoint)
                && !Character.isISOControl(codePoint);
    }
}
