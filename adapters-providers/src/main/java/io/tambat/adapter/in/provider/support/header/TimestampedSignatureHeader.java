package io.tambat.adapter.in.provider.support.header;

import io.tambat.adapter.in.provider.support.crypto.SignatureCandidates;
import io.tambat.adapter.in.provider.support.crypto.SignedMessage;
import io.tambat.adapter.in.provider.support.crypto.StrictDecoding;
import io.tambat.adapter.in.provider.support.crypto.Utf8SecretHmac;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SignedDelivery;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A parsed signature header of the shape Stripe and Paddle use: one signed attempt timestamp and one or more
 * hex HMAC-SHA256 signatures, as {@code key=value} items, e.g. {@code t=<unix>,v1=<hex>,v1=<hex>} (Stripe) or
 * {@code ts=<unix>;h1=<hex>;h1=<hex>} (Paddle), each over {@code {timestamp}{separator}{raw body}} keyed with
 * the secret as UTF-8. Several signatures appear while a secret is being rolled.
 *
 * @param timestamp  the timestamp item's value, unix seconds
 * @param signatures every distinct well-formed signature, decoded
 */
public record TimestampedSignatureHeader(long timestamp, List<byte[]> signatures) {

    /**
     * How one provider writes the header.
     *
     * @param header       the header's name, for rejection messages
     * @param separator    what separates the items
     * @param timestampKey the key of the timestamp item
     * @param signatureKey the key of each signature item; items with other keys are ignored
     * @param signedSeparator what joins the timestamp and the body in the signed message
     */
    public record Format(String header, String separator, String timestampKey, String signatureKey,
            String signedSeparator) {
    }

    public TimestampedSignatureHeader {
        signatures = List.copyOf(signatures);
    }

    /**
     * The delivery's signature: the header read and parsed, the message rebuilt, the timestamp reported for the
     * tolerance check. The parsed number is signed, not the text sent (the providers' SDKs sign the number they
     * parsed), so a timestamp sent with leading zeros fails rather than verifying against a time the tolerance
     * check read differently.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code SIGNATURE_MISSING} when the header is
     *         missing, repeated or malformed
     */
    public static SignedDelivery signedDelivery(RawDelivery delivery, Format format) {
        String value = SingleHeader.required(delivery.headers(), format.header(), Rejection.SIGNATURE_MISSING);
        TimestampedSignatureHeader parsed = parse(value, format);
        SignedMessage signed = SignedMessage.of(parsed.timestamp() + format.signedSeparator(), delivery.body());
        return SignedDelivery.of(Utf8SecretHmac.sha256(signed, parsed.signatures()),
                Optional.of(Instant.ofEpochSecond(parsed.timestamp())));
    }

    /**
     * Parses the header value the way the providers' SDKs do (items split once on {@code =}), but strictly about the
     * parts that matter: exactly one integer timestamp and at least one well-formed signature, and no more
     * distinct signatures than {@link SignatureCandidates#MAX_DISTINCT}. Items of other schemes (Stripe's
     * test-mode {@code v0}) are ignored, as the SDKs ignore them.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code SIGNATURE_MISSING} otherwise
     */
    static TimestampedSignatureHeader parse(String value, Format format) {
        String timestamp = null;
        SignatureCandidates signatures = new SignatureCandidates(format.header());
        for (String item : value.split(format.separator(), -1)) {
            int equals = item.indexOf('=');
            if (equals < 0) {
                continue;
            }
            String key = item.substring(0, equals).strip();
            String itemValue = item.substring(equals + 1).strip();
            if (key.equals(format.timestampKey())) {
                if (timestamp != null) {
                    // Two timestamps would let a verifier and a tolerance check read different ones.
                    throw Rejections.signatureMissing(format.header() + " header carries " + format.timestampKey()
                            + " more than once");
                }
                timestamp = itemValue;
            } else if (key.equals(format.signatureKey())) {
                // A signature that is not 64 hex digits can never match; it is skipped like any unusable item.
                StrictDecoding.hex(itemValue, Utf8SecretHmac.SHA256_LENGTH)
                        .ifPresent(signature -> signatures.add(format.signatureKey(), signature));
            }
        }
        if (timestamp == null) {
            throw Rejections.signatureMissing(format.header() + " header has no " + format.timestampKey());
        }
        long seconds = UnixSeconds.parse(timestamp).orElseThrow(() -> Rejections.signatureMissing(
                format.header() + " " + format.timestampKey() + " is not integer unix seconds"));
        if (signatures.isEmpty()) {
            throw Rejections.signatureMissing(format.header() + " header has no well-formed "
                    + format.signatureKey() + " signature");
        }
        return new TimestampedSignatureHeader(seconds, signatures.of(format.signatureKey()));
    }
}
