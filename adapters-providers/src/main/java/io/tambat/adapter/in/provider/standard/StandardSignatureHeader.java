package io.tambat.adapter.in.provider.standard;

import io.tambat.adapter.in.provider.support.crypto.Ed25519;
import io.tambat.adapter.in.provider.support.crypto.SignatureCandidates;
import io.tambat.adapter.in.provider.support.crypto.StrictDecoding;
import io.tambat.adapter.in.provider.support.ingress.Rejections;
import java.util.List;

/**
 * The parsed signature header: every usable {@code v1} (HMAC-SHA256) and {@code v1a} (Ed25519) signature.
 * Several entries side by side are how a sender rotates keys, or signs with both schemes at once.
 */
record StandardSignatureHeader(List<byte[]> hmacSignatures, List<byte[]> ed25519Signatures) {

    private static final String HEADER = "webhook-signature";
    private static final String HMAC = "v1";
    private static final String ED25519 = "v1a";
    private static final int SHA256_LENGTH = 32;

    StandardSignatureHeader {
        hmacSignatures = List.copyOf(hmacSignatures);
        ed25519Signatures = List.copyOf(ed25519Signatures);
    }

    /**
     * Parses space-separated {@code <version>,<base64>} entries. Entries of other versions are skipped, as
     * the spec's own libraries skip them, so a sender can add schemes without breaking receivers; so are
     * entries whose signature does not decode to the scheme's length, since they can never verify. {@code v1}
     * and {@code v1a} entries count together towards {@link SignatureCandidates#MAX_DISTINCT}.
     *
     * @throws io.tambat.provider.spi.WebhookRejectedException {@code SIGNATURE_MISSING} when no entry is usable
     *         or more usable entries are distinct than the limit allows
     */
    static StandardSignatureHeader parse(String header) {
        SignatureCandidates candidates = new SignatureCandidates(HEADER);
        for (String entry : header.split(" ")) {
            int comma = entry.indexOf(',');
            if (comma < 0) {
                continue;
            }
            String version = entry.substring(0, comma);
            String signature = entry.substring(comma + 1);
            if (version.equals(HMAC)) {
                StrictDecoding.base64(signature).filter(s -> s.length == SHA256_LENGTH)
                        .ifPresent(s -> candidates.add(HMAC, s));
            } else if (version.equals(ED25519)) {
                StrictDecoding.base64(signature).filter(s -> s.length == Ed25519.SIGNATURE_LENGTH)
                        .ifPresent(s -> candidates.add(ED25519, s));
            }
        }
        if (candidates.isEmpty()) {
            throw Rejections.signatureMissing(HEADER + " header holds no usable v1 or v1a signature");
        }
        return new StandardSignatureHeader(candidates.of(HMAC), candidates.of(ED25519));
    }
}
