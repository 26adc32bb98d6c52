package io.tambat.adapter.in.provider.slack;

import io.tambat.adapter.in.provider.support.DeclaredProviderAdapter;
import io.tambat.adapter.in.provider.support.crypto.SignedMessage;
import io.tambat.adapter.in.provider.support.crypto.StrictDecoding;
import io.tambat.adapter.in.provider.support.crypto.Utf8SecretHmac;
import io.tambat.adapter.in.provider.support.header.SingleHeader;
import io.tambat.adapter.in.provider.support.header.UnixSeconds;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.in.provider.support.ingress.WebhookEvents;
import io.tambat.provider.spi.ProviderReply;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import jakarta.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Slack: the Events API (JSON), slash commands and interactivity (form-encoded), all signed the same way.
 *
 * <ul>
 *   <li><b>Logical event id:</b> the Events API body's {@code event_id}, the same on every retry; Slack's
 *       retries ({@code X-Slack-Retry-Num}) are therefore duplicates. Slash commands and interactions are never
 *       retried and carry no event id: their {@code trigger_id}, new for each, is theirs ({@link SlackEnvelope}).</li>
 *   <li><b>Attempt timestamp:</b> {@code X-Slack-Request-Timestamp}, unix seconds, signed, new on every attempt;
 *       default tolerance five minutes, applied in both directions (Slack's Python SDK does the same; Bolt for
 *       JavaScript checks the past only).</li>
 *   <li><b>Signature:</b> {@code X-Slack-Signature: v0=<hex>}, lowercase hex HMAC-SHA256 of
 *       {@code v0:{timestamp}:{raw body}} keyed with the app's signing secret as UTF-8. One signature a request:
 *       during a rotation the pipeline tries every trusted version.</li>
 *   <li><b>URL verification:</b> when an Events API URL is configured Slack sends {@code url_verification} with a
 *       {@code challenge}; it is answered with {@code {"challenge":...}} only once the request verified, and
 *       nothing of it is stored ({@link #handshake}).</li>
 *   <li><b>Envelope:</b> the event type, workspace ({@code team_id}) and time, read by {@link SlackEnvelope}.</li>
 * </ul>
 */
public final class SlackSignatureAdapter extends DeclaredProviderAdapter {

    static final String SIGNATURE_HEADER = "X-Slack-Signature";
    static final String TIMESTAMP_HEADER = "X-Slack-Request-Timestamp";

    private static final String SIGNATURE_PREFIX = "v0=";

    public SlackSignatureAdapter() {
        super("slack", Duration.ofMinutes(5), "application/json", "application/x-www-form-urlencoded");
    }

    @Override
    public void validateSecret(String secret) {
        Utf8SecretHmac.requireUsableSecret(secret, "a Slack signing secret");
    }

    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        String timestampText =
                SingleHeader.required(delivery.headers(), TIMESTAMP_HEADER, Rejection.SIGNATURE_MISSING);
        long timestamp = UnixSeconds.parse(timestampText).orElseThrow(() -> Rejections.signatureMissing(
                TIMESTAMP_HEADER + " header is not integer unix seconds"));
        byte[] signature = SingleHeader.read(delivery.headers(), SIGNATURE_HEADER, Rejection.SIGNATURE_MISSING)
                .flatMap(value -> StrictDecoding.prefixedHex(value, SIGNATURE_PREFIX, Utf8SecretHmac.SHA256_LENGTH))
                .orElseThrow(() -> Rejections.signatureMissing(
                        SIGNATURE_HEADER + " header is missing or not v0=<64 hex digits>"));
        // The parsed number is signed, as Slack's SDKs sign it, so the tolerance check and the signature agree.
        SignedMessage signed = SignedMessage.of("v0:" + timestamp + ":", delivery.body());
        return SignedDelivery.of(Utf8SecretHmac.sha256(signed, List.of(signature)),
                Optional.of(Instant.ofEpochSecond(timestamp)));
    }

    @Override
    public Optional<ProviderReply> handshake(RawDelivery delivery) {
        return SlackEnvelope.urlVerificationChallenge(delivery.body()).map(challenge -> new ProviderReply(
                "application/json", Json.createObjectBuilder().add("challenge", challenge).build().toString()));
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        SlackEnvelope envelope = SlackEnvelope.read(delivery.body());
        return List.of(WebhookEvents.of(envelope.eventId(), envelope.eventType(), envelope.teamId(),
                Optional.empty(), envelope.eventTime()));
    }
}
