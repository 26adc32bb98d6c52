package io.tambat.adapter.in.provider.stripe;

import io.tambat.adapter.in.provider.support.crypto.SignatureCandidates;
import io.tambat.adapter.in.provider.support.crypto.StrictDecoding;
import io.tambat.adapter.in.provider.support.header.UnixSeconds;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import java.util.List;

/**
 * The parsed {@code Stripe-Signature} header: the signed attempt timestamp and every {@code v1} signature.
 *
 * @param timestamp    the {@code t} value, unix seconds
 * @param v1Signatures every distinct well-formed {@code v1} value, decoded; several while a secret is being
 *                     rolled
 */
record StripeSignatureHeader(long timestamp, List<byte[]> v1Signatures) {

    private static final String V1 = "v1";
    private static final int SHA256_LENGTH = 32;

    StripeSignatureHeader {
        v1Signatures = List.copyOf(v1Signatures);
    }

    /**
     * Parses the header the way Stripe's SDKs do (comma-separated items, each split once on {@code =}), but
     * strictly about the parts that matter: exactly one integer {@code t} and at least one well-formed
     * {@code v1}, and no more distinct {@code v1} values than {@link SignatureCandidates#MAX_DISTINCT}.
     * {@code v0} (test mode only) and unknown schemes are ignored, as the SDKs ignore them.
     *
     * @throws io.tambat.domain.error.WebhookRejectedException {@code SIGNATURE_MISSING} otherwise
     */
    static StripeSignatureHeader parse(String header) {
        String timestamp = null;
        SignatureCandidates signatures = new SignatureCandidates(StripeSignatureAdapter.SIGNATURE_HEADER);
        for (String item : header.split(",", -1)) {
            int equals = item.indexOf('=');
            if (equals < 0) {
                continue;
            }
            String scheme = item.substring(0, equals).strip();
            String value = item.substring(equals + 1).strip();
            if (scheme.equals("t")) {
                if (timestamp != null) {
                    // Two timestamps would let a verifier and a tolerance check read different ones.
                    throw Rejections.signatureMissing("Stripe-Signature header carries t more than once");
                }
                timestamp = value;
            } else if (scheme.equals(V1)) {
                // A v1 that is not 64 hex digits can never match; it is skipped like any unusable entry.
                StrictDecoding.hex(value, SHA256_LENGTH).ifPresent(signature -> signatures.add(V1, signature));
            }
        }
        if (timestamp == null) {
            throw Rejections.signatureMissing("Stripe-Signature header has no t");
        }
        long seconds = UnixSeconds.parse(timestamp)
                .orElseThrow(() -> Rejections.signatureMissing("Stripe-Signature t is not integer unix seconds"));
        if (signatures.isEmpty()) {
            throw Rejections.signatureMissing("Stripe-Signature header has no well-formed v1 signature");
        }
        return new StripeSignatureHeader(seconds, signatures.of(V1));
    }
}
