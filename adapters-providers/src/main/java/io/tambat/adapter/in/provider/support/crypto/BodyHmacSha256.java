package io.tambat.adapter.in.provider.support.crypto;

import io.tambat.domain.model.webhook.SignedDelivery;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The scheme of providers that sign nothing but the body (GitHub, Shopify): one HMAC-SHA256 of the raw body
 * keyed with the secret's UTF-8 bytes, and no signed timestamp. Each adapter decodes its own header; this is
 * the check it then hands the pipeline.
 */
public final class BodyHmacSha256 {

    /** The length of the signature, in bytes. */
    public static final int LENGTH = 32;

    private BodyHmacSha256() {
    }

    /** A delivery whose body a trusted secret version signed if its HMAC equals {@code signature}. */
    public static SignedDelivery signedDelivery(byte[] signature, byte[] body) {
        return SignedDelivery.of(
                secret -> ConstantTime.anyEquals(
                        Hmac.sha256(secret.secret().getBytes(StandardCharsets.UTF_8), body), List.of(signature)),
                Optional.empty());
    }
}
