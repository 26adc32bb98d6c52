package io.tambat.sender.listen;

import static java.nio.charset.StandardCharsets.US_ASCII;

import io.tambat.sender.signing.StandardWebhooksSigner;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Checks a delivery as the Standard Webhooks libraries do: its timestamp within five minutes of now, and one
 * {@code v1,} entry of {@code webhook-signature} equal (in constant time) to the HMAC of
 * {@code "<id>.<timestamp>.<body>"}; the other entries are other secret versions, ignored.
 */
final class SignatureCheck {

    static final Duration TOLERANCE = Duration.ofMinutes(5);

    private SignatureCheck() {
    }

    /** Empty when the delivery verifies; otherwise why it does not. */
    static Optional<String> failure(String secret, String id, String timestamp, String signatures, byte[] body,
            Instant now) {
        if (id == null || timestamp == null || signatures == null) {
            return Optional.of("a webhook-id, webhook-timestamp or webhook-signature header is missing");
        }
        long unixSeconds;
        try {
            unixSeconds = Long.parseLong(timestamp.trim());
        } catch (NumberFormatException e) {
            return Optional.of("webhook-timestamp is not a number of seconds");
        }
        if (Duration.between(Instant.ofEpochSecond(unixSeconds), now).abs().compareTo(TOLERANCE) > 0) {
            return Optional.of("webhook-timestamp is more than " + TOLERANCE.toMinutes() + " minutes from now");
        }
        byte[] expected = StandardWebhooksSigner.signature(secret, id, unixSeconds, body).getBytes(US_ASCII);
        for (String entry : signatures.trim().split(" +")) {
            if (MessageDigest.isEqual(expected, entry.getBytes(US_ASCII))) {
                return Optional.empty();
            }
        }
        return Optional.of("no webhook-signature entry matches this secret");
    }
}
