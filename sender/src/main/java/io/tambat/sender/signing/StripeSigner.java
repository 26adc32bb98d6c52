package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.HexFormat;
import java.util.Map;

/**
 * Stripe: {@code Stripe-Signature: t=<unix seconds>,v1=<hex>}, the lowercase hex HMAC-SHA256 of
 * {@code "<t>.<raw body>"}. The key is the UTF-8 text of the whole secret, {@code whsec_} prefix included:
 * unlike Standard Webhooks, Stripe never decodes its secret.
 */
public final class StripeSigner {

    public static final String SIGNATURE_HEADER = "Stripe-Signature";

    private StripeSigner() {
    }

    /** The headers of one attempt signed at {@code unixSeconds}. */
    public static Map<String, String> headers(String secret, long unixSeconds, byte[] body) {
        return OrderedHeaders.of(SIGNATURE_HEADER, signatureHeader(secret, unixSeconds, body));
    }

    /** The {@code Stripe-Signature} value, with one {@code v1}. */
    public static String signatureHeader(String secret, long unixSeconds, byte[] body) {
        return "t=" + unixSeconds + ",v1=" + v1(secret, unixSeconds, body);
    }

    /** One {@code v1} value alone, for a header that carries several while Stripe rolls a secret. */
    public static String v1(String secret, long unixSeconds, byte[] body) {
        return HexFormat.of().formatHex(
                Hmac.sha256(secret.getBytes(UTF_8), (unixSeconds + ".").getBytes(UTF_8), body));
    }
}
