package io.tambat.adapter.out.forwarding;

import io.tambat.domain.model.forwarding.SigningSecret;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code webhook-signature} value of the Standard Webhooks specification: {@code v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">} once per secret version, space-separated. Computed over the body's bytes as stored (the
 * specification's libraries sign a string, which would re-encode a body that is not UTF-8).
 */
final class StandardWebhookSignature {

    private static final String ALGORITHM = "HmacSHA256";

    private StandardWebhookSignature() {
    }

    static String of(List<SigningSecret> secrets, String messageId, long timestamp, byte[] body) {
        byte[] prefix = (messageId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        return secrets.stream().map(secret -> "v1," + Base64.getEncoder().encodeToString(hmac(secret, prefix, body)))
                .collect(Collectors.joining(" "));
    }

    private static byte[] hmac(SigningSecret secret, byte[] prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(secret.key(), ALGORITHM));
            mac.update(prefix);
            return mac.doFinal(body);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException(ALGORITHM + " is not available", e);
        }
    }
}
