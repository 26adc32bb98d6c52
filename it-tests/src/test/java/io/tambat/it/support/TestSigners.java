package io.tambat.it.support;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs test deliveries the way each provider documents it, written apart from the product's verifiers so a
 * shared mistake cannot make both agree.
 */
public final class TestSigners {

    private TestSigners() {
    }

    /** {@code Stripe-Signature} value: {@code t=<unix>,v1=<hex HMAC-SHA256 of "t.body" keyed by the whole secret>}. */
    public static String stripe(String secret, long unixSeconds, byte[] body) {
        return "t=" + unixSeconds + ",v1=" + stripeV1(secret, unixSeconds, body);
    }

    public static String stripeV1(String secret, long unixSeconds, byte[] body) {
        byte[] signed = concat((unixSeconds + ".").getBytes(StandardCharsets.UTF_8), body);
        return HexFormat.of().formatHex(hmac("HmacSHA256", secret.getBytes(StandardCharsets.UTF_8), signed));
    }

    /** {@code X-Hub-Signature-256} value. */
    public static String github(String secret, byte[] body) {
        return "sha256=" + HexFormat.of().formatHex(
                hmac("HmacSHA256", secret.getBytes(StandardCharsets.UTF_8), body));
    }

    /** {@code Paddle-Signature} value: {@code ts=<unix>;h1=<hex HMAC-SHA256 of "ts:body" keyed by the secret>}. */
    public static String paddle(String secret, long unixSeconds, byte[] body) {
        byte[] signed = concat((unixSeconds + ":").getBytes(StandardCharsets.UTF_8), body);
        return "ts=" + unixSeconds + ";h1="
                + HexFormat.of().formatHex(hmac("HmacSHA256", secret.getBytes(StandardCharsets.UTF_8), signed));
    }

    /** {@code X-Shopify-Hmac-Sha256} value: base64 HMAC-SHA256 of the body keyed by the UTF-8 secret. */
    public static String shopify(String secret, byte[] body) {
        return Base64.getEncoder().encodeToString(hmac("HmacSHA256", secret.getBytes(StandardCharsets.UTF_8), body));
    }

    /** {@code X-Slack-Signature} value: {@code v0=<hex HMAC-SHA256 of "v0:ts:body" keyed by the signing secret>}. */
    public static String slack(String secret, long unixSeconds, byte[] body) {
        byte[] signed = concat(("v0:" + unixSeconds + ":").getBytes(StandardCharsets.UTF_8), body);
        return "v0=" + HexFormat.of().formatHex(hmac("HmacSHA256", secret.getBytes(StandardCharsets.UTF_8), signed));
    }

    /**
     * An Adyen {@code hmacSignature}: base64 HMAC-SHA256, keyed with the hex-decoded key, of the item's
     * {@code pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success}.
     */
    public static String adyen(String hexKey, String... signedFields) {
        byte[] signed = String.join(":", signedFields).getBytes(StandardCharsets.UTF_8);
        return Base64.getEncoder().encodeToString(hmac("HmacSHA256", HexFormat.of().parseHex(hexKey), signed));
    }

    /**
     * {@code X-Twilio-Signature} value: base64 HMAC-SHA1, keyed by the auth token, of the URL followed by every
     * form parameter sorted by name, each name then value.
     */
    public static String twilio(String authToken, String url, java.util.Map<String, String> parameters) {
        StringBuilder signed = new StringBuilder(url);
        new java.util.TreeMap<>(parameters).forEach((name, value) -> signed.append(name).append(value));
        return Base64.getEncoder().encodeToString(hmac("HmacSHA1", authToken.getBytes(StandardCharsets.UTF_8),
                signed.toString().getBytes(StandardCharsets.UTF_8)));
    }

    /** {@code webhook-signature} value for a {@code whsec_} secret. */
    public static String standard(String secret, String messageId, long unixSeconds, byte[] body) {
        byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
        byte[] signed = concat((messageId + "." + unixSeconds + ".").getBytes(StandardCharsets.UTF_8), body);
        return "v1," + Base64.getEncoder().encodeToString(hmac("HmacSHA256", key, signed));
    }

    private static byte[] hmac(String algorithm, byte[] key, byte[] message) {
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(key, algorithm));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] concat(byte[] prefix, byte[] body) {
        byte[] all = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, all, 0, prefix.length);
        System.arraycopy(body, 0, all, prefix.length, body.length);
        return all;
    }
}
