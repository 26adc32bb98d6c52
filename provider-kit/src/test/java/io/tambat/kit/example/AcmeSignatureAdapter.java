package io.tambat.kit.example;

import io.tambat.provider.spi.ProviderAdapter;
import io.tambat.provider.spi.RawDelivery;
import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.SignatureCheck;
import io.tambat.provider.spi.SignedDelivery;
import io.tambat.provider.spi.WebhookEvent;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The worked example of {@code docs/adding-a-provider.md}: an adapter for "Acme", a made-up provider, written as
 * an adapter in another repository would be, against the domain's SPI and the JDK alone.
 *
 * <p>Acme signs {@code Acme-Signature: t=<unix seconds>,s=<hex>[,s=<hex>...]}, each {@code s} a lowercase hex
 * HMAC-SHA256 of {@code {t}.{raw body}} keyed with the endpoint secret as UTF-8; while a secret rotates it sends
 * one {@code s} per secret. The event id is the {@code Acme-Event-Id} header, the same on every retry (not signed:
 * a forger could only file a real event under another id), and the type is the body's {@code type}.
 */
public final class AcmeSignatureAdapter implements ProviderAdapter {

    static final String SIGNATURE_HEADER = "Acme-Signature";
    static final String EVENT_ID_HEADER = "Acme-Event-Id";

    /** Bounds the work one request can ask for, as the built-in adapters do. */
    private static final int MAX_SIGNATURES = 5;
    private static final int HMAC_SHA256_LENGTH = 32;

    @Override
    public String provider() {
        return "acme";
    }

    @Override
    public boolean acceptsContentType(String contentType) {
        return contentType != null
                && contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT).equals("application/json");
    }

    @Override
    public Duration defaultTolerance() {
        return Duration.ofMinutes(5);
    }

    @Override
    public void validateSecret(String secret) {
        if (secret == null || secret.length() < 16) {
            throw new IllegalArgumentException("an Acme secret has at least 16 characters");
        }
    }

    @Override
    public SignedDelivery readSignature(RawDelivery delivery) {
        String header = delivery.headers().single(SIGNATURE_HEADER)
                .orElseThrow(() -> signatureMissing(SIGNATURE_HEADER + " header is missing"));
        Long timestamp = null;
        List<byte[]> signatures = new ArrayList<>();
        for (String item : header.split(",")) {
            String[] keyAndValue = item.strip().split("=", 2);
            if (keyAndValue.length != 2) {
                throw signatureMissing(SIGNATURE_HEADER + " header has an item that is not key=value");
            }
            if (keyAndValue[0].equals("t")) {
                if (timestamp != null || !keyAndValue[1].matches("[0-9]{1,15}")) {
                    throw signatureMissing(SIGNATURE_HEADER + " t is repeated or not unix seconds");
                }
                timestamp = Long.parseLong(keyAndValue[1]);
            } else if (keyAndValue[0].equals("s")) {
                signatures.add(hex(keyAndValue[1]));
            }
        }
        if (timestamp == null || signatures.isEmpty()) {
            throw signatureMissing(SIGNATURE_HEADER + " header needs one t and at least one s");
        }
        if (signatures.stream().map(HexFormat.of()::formatHex).distinct().count() > MAX_SIGNATURES) {
            throw signatureMissing(SIGNATURE_HEADER + " header carries more than " + MAX_SIGNATURES
                    + " distinct signatures");
        }
        byte[] signed = concat((timestamp + ".").getBytes(StandardCharsets.UTF_8), delivery.body());
        return SignedDelivery.of(check(signed, signatures), Optional.of(Instant.ofEpochSecond(timestamp)));
    }

    /** Any of the signatures may match; every one is compared, in constant time. */
    private static SignatureCheck check(byte[] signed, List<byte[]> signatures) {
        return secret -> {
            byte[] expected = hmacSha256(secret.secret().getBytes(StandardCharsets.UTF_8), signed);
            boolean matched = false;
            for (byte[] signature : signatures) {
                matched |= MessageDigest.isEqual(expected, signature);
            }
            return matched;
        };
    }

    @Override
    public List<WebhookEvent> readEvents(RawDelivery delivery) {
        String eventId = delivery.headers().single(EVENT_ID_HEADER)
                .orElseThrow(() -> malformed(EVENT_ID_HEADER + " header is missing"));
        JsonObject body;
        try (JsonReader reader = Json.createReader(new ByteArrayInputStream(delivery.body()))) {
            body = reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            throw malformed("body is not a JSON object");
        }
        if (!(body.get("type") instanceof JsonString type) || type.getString().isBlank()) {
            throw malformed("type must be a non-empty string");
        }
        try {
            return List.of(new WebhookEvent(eventId, type.getString(), Optional.empty(), Optional.empty(),
                    Optional.empty()));
        } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
        }
    }

    private static byte[] hex(String text) {
        try {
            byte[] decoded = HexFormat.of().parseHex(text);
            if (decoded.length == HMAC_SHA256_LENGTH) {
                return decoded;
            }
        } catch (IllegalArgumentException e) {
            // reported below, without the value
        }
        throw signatureMissing(SIGNATURE_HEADER + " s is not 64 hex digits");
    }

    private static byte[] hmacSha256(byte[] key, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK provides HmacSHA256", e);
        }
    }

    private static byte[] concat(byte[] head, byte[] tail) {
        byte[] all = new byte[head.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    private static WebhookRejectedException signatureMissing(String detail) {
        return new WebhookRejectedException(Rejection.SIGNATURE_MISSING, detail);
    }

    private static WebhookRejectedException malformed(String detail) {
        return new WebhookRejectedException(Rejection.MALFORMED_ENVELOPE, detail);
    }
}
