package io.tambat.application.webhook;

import io.tambat.provider.spi.Headers;
import io.tambat.provider.spi.ProviderAdapter;
import io.tambat.provider.spi.ProviderReply;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import io.tambat.provider.spi.WebhookRejectedException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A provider small enough to read in one go, standing in for the real adapters (which the application cannot
 * see): an HMAC-SHA256 of {@code timestamp.body} in {@code test-signature}, the signed Unix time in
 * {@code test-timestamp}, and a body of one {@code <event id> <event type>} line per event. A body
 * {@code challenge <text>} is a protocol step answered with its text; an acknowledgement body can be set.
 */
final class TestProviderAdapter implements ProviderAdapter {

    static final String NAME = "test";
    static final Duration TOLERANCE = Duration.ofMinutes(5);
    private static final String CHALLENGE = "challenge ";

    private Optional<ProviderReply> acknowledgement = Optional.empty();

    @Override
    public String provider() {
        return NAME;
    }

    @Override
    public boolean acceptsContentType(String contentType) {
        return contentType != null && contentType.startsWith("text/plain");
    }

    @Override
    public Duration defaultTolerance() {
        return TOLERANCE;
    }

    @Override
    public void validateSecret(String secret) {
        if (secret.isBlank()) {
            throw new IllegalArgumentException("the secret is blank");
        }
    }

    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        Optional<String> signature = delivery.headers().single("test-signature");
        Optional<String> timestamp = delivery.headers().single("test-timestamp");
        if (signature.isEmpty() || timestamp.isEmpty()) {
            throw new WebhookRejectedException(Rejection.SIGNATURE_MISSING, "test-signature or test-timestamp missing");
        }
        byte[] claimed = HexFormat.of().parseHex(signature.get());
        byte[] body = delivery.body();
        return SignedDelivery.of(secret -> MessageDigest.isEqual(claimed, sign(secret.secret(), timestamp.get(), body)),
                Optional.of(Instant.ofEpochSecond(Long.parseLong(timestamp.get()))));
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        List<WebhookEvent> events = new ArrayList<>();
        for (String line : new String(delivery.body(), StandardCharsets.UTF_8).split("\n")) {
            String[] idAndType = line.split(" ");
            if (idAndType.length != 2) {
                throw new WebhookRejectedException(Rejection.MALFORMED_ENVELOPE, "a line is not <id> <type>");
            }
            events.add(new WebhookEvent(idAndType[0], idAndType[1], Optional.empty(), Optional.empty(),
                    Optional.empty()));
        }
        return events;
    }

    @Override
    public Optional<ProviderReply> handshake(RawDelivery delivery) {
        String body = new String(delivery.body(), StandardCharsets.UTF_8);
        return body.startsWith(CHALLENGE)
                ? Optional.of(new ProviderReply("text/plain", body.substring(CHALLENGE.length())))
                : Optional.empty();
    }

    @Override
    public Optional<ProviderReply> acknowledgement() {
        return acknowledgement;
    }

    /** From now on, acknowledges every delivery with this body, as Adyen wants {@code [accepted]}. */
    void acknowledgeWith(ProviderReply reply) {
        acknowledgement = Optional.of(reply);
    }

    /** A delivery of {@code body}, validly signed with {@code secret} at {@code at}, to be changed one way. */
    static Delivery delivery(String body, String secret, Instant at) {
        return new Delivery(body, secret, at);
    }

    private static byte[] sign(String secret, String timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One valid delivery plus one mutation at a time. */
    static final class Delivery {
        private final String body;
        private String secret;
        private Instant signedAt;
        private final Map<String, List<String>> extraHeaders = new LinkedHashMap<>();
        private boolean signed = true;

        private Delivery(String body, String secret, Instant signedAt) {
            this.body = body;
            this.secret = secret;
            this.signedAt = signedAt;
        }

        Delivery signedWith(String otherSecret) {
            this.secret = otherSecret;
            return this;
        }

        Delivery signedAt(Instant instant) {
            this.signedAt = instant;
            return this;
        }

        Delivery withoutSignature() {
            this.signed = false;
            return this;
        }

        Delivery withHeader(String name, String value) {
            extraHeaders.computeIfAbsent(name, key -> new ArrayList<>()).add(value);
            return this;
        }

        RawDelivery build() {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            String timestamp = Long.toString(signedAt.getEpochSecond());
            Map<String, List<String>> headers = new LinkedHashMap<>();
            headers.put("test-timestamp", List.of(timestamp));
            if (signed) {
                headers.put("test-signature", List.of(HexFormat.of().formatHex(sign(secret, timestamp, bytes))));
            }
            extraHeaders.forEach((name, values) -> headers.merge(name, values, (a, b) -> {
                List<String> all = new ArrayList<>(a);
                all.addAll(b);
                return all;
            }));
            return new RawDelivery(bytes, Headers.of(headers), Optional.empty());
        }
    }
}
