package io.tambat.adapter.in.provider.standard;

import io.tambat.adapter.in.provider.support.Ed25519;
import io.tambat.adapter.in.provider.support.Rejections;
import io.tambat.adapter.in.provider.support.StrictDecoding;
import java.util.ArrayList;
import java.util.List;

/**
 * The parsed signature header: every usable {@code v1} (HMAC-SHA256) and {@code v1a} (Ed25519) signature.
 * Several entries side by side are how a sender rotates keys, or signs with both schemes at once.
 */
record StandardSignatureHeader(List<byte[]> hmacSignatures, List<byte[]> ed25519Signatures) {

    private static final int SHA256_LENGTH = 32;

    StandardSignatureHeader {
        hmacSignatures = List.copyOf(hmacSignatures);
        ed25519Signatures = List.copyOf(ed25519Signatures);
    }

    /**
     * Parses space-separated {@code <version>,<base64>} entries. Entries of other versions are skipped, as
     * the spec's own libraries skip them, so a sender can add schemes without breaking receivers; so are
     * entries whose signature does not decode to the scheme's length, since they can never verify.
     *
     * @throws io.tambat.domain.error.WebhookRejectedException {@code SIGNATURE_MISSING} when no entry is usable
     */
    static StandardSignatureHeader parse(String header) {
        List<byte[]> hmac = new ArrayList<>();
        List<byte[]> ed25519 = new ArrayList<>();
        for (String entry : header.split(" ")) {
            int comma = entry.indexOf(',');
            if (comma < 0) {
                continue;
            }
            String version = entry.substring(0, comma);
            String signature = entry.substring(comma + 1);
            if (version.equals("v1")) {
                StrictDecoding.base64(signature).filter(s -> s.length == SHA256_LENGTH).ifPresent(hmac::add);
            } else if (version.equals("v1a")) {
                StrictDecoding.base64(signature).filter(s -> s.length == Ed25519.SIGNATURE_LENGTH)
                        .ifPresent(ed25519::add);
            }
        }
        if (hmac.isEmpty() && ed25519.isEmpty()) {
            throw Rejections.signatureMissing("webhook-signature header holds no usable v1 or v1a signature");
        }
        return new StandardSignatureHeader(hmac, ed25519);
    }
}
