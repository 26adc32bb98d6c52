package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.HexFormat;
import java.util.Map;

/**
 * Paddle Billing: {@code Paddle-Signature: ts=<unix seconds>;h1=<hex>}, the lowercase hex HMAC-SHA256 of
 * {@code "<ts>:<raw body>"} keyed with the UTF-8 text of the notification destination's secret.
 */
public final class PaddleSigner {

    public static final String SIGNATURE_HEADER = "Paddle-Signature";

    private PaddleSigner() {
    }

    /** The headers of one attempt signed at {@code unixSeconds}. */
    public static Map<String, String> headers(String secret, long unixSeconds, byte[] body) {
        return OrderedHeaders.of(SIGNATURE_HEADER, signatureHeader(secret, unixSeconds, body));
    }

    /** The {@code Paddle-Signature} value, with one {@code h1}. */
    public static String signatureHeader(String secret, long unixSeconds, byte[] body) {
        return "ts=" + unixSeconds + ";h1=" + h1(secret, unixSeconds, body);
    }

    /** One {@code h1} value alone, for a header that carries several while Paddle rotates a secret. */
    public static String h1(String secret, long unixSeconds, byte[] body) {
        return HexFormat.of().formatHex(
                Hmac.sha256(secret.getBytes(UTF_8), (unixSeconds + ":").getBytes(UTF_8), body));
    }
}
