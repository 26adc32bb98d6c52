package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.HexFormat;
import java.util.Map;

/**
 * GitHub: {@code X-Hub-Signature-256: sha256=<hex>}, the lowercase hex HMAC-SHA256 of the raw body keyed with the
 * UTF-8 secret, next to the delivery GUID and the event name. No timestamp is signed, so a redelivery (same
 * delivery id, same body) carries the very same signature.
 */
public final class GitHubSigner {

    public static final String EVENT_HEADER = "X-GitHub-Event";
    public static final String DELIVERY_HEADER = "X-GitHub-Delivery";
    public static final String SIGNATURE_HEADER = "X-Hub-Signature-256";

    private GitHubSigner() {
    }

    /** The headers of one delivery of {@code event} (for instance {@code push}). */
    public static Map<String, String> headers(String secret, String deliveryId, String event, byte[] body) {
        return OrderedHeaders.of(
                EVENT_HEADER, event,
                DELIVERY_HEADER, deliveryId,
                SIGNATURE_HEADER, signatureHeader(secret, body));
    }

    /** The {@code X-Hub-Signature-256} value. */
    public static String signatureHeader(String secret, byte[] body) {
        return "sha256=" + HexFormat.of().formatHex(Hmac.sha256(secret.getBytes(UTF_8), body));
    }
}
