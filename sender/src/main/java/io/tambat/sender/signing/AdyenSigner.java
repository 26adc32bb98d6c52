package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Adyen: no signature header. Each item of a notification carries its own {@code additionalData.hmacSignature},
 * the base64 HMAC-SHA256 of {@code pspReference:originalReference:merchantAccountCode:merchantReference:value:
 * currency:eventCode:success} (a missing field as an empty string) keyed with the <em>hex-decoded</em> HMAC key.
 * So Adyen signs fields, not bytes: the signer writes the whole body, since it cannot sign one it did not write.
 */
public final class AdyenSigner {

    private AdyenSigner() {
    }

    /**
     * The body of a test-mode notification ({@code "live":"false"}) of these items, each signed.
     *
     * @throws IllegalArgumentException when the key is not hex
     */
    public static byte[] signedBody(String hexKey, List<AdyenNotificationItem> items) {
        String notificationItems = items.stream()
                .map(item -> "{\"NotificationRequestItem\":" + signedItem(hexKey, item) + "}")
                .collect(Collectors.joining(",", "[", "]"));
        return ("{\"live\":\"false\",\"notificationItems\":" + notificationItems + "}").getBytes(UTF_8);
    }

    /** The {@code hmacSignature} of one item. */
    public static String hmacSignature(String hexKey, AdyenNotificationItem item) {
        String signed = Stream.of(item.pspReference(), item.originalReference(), item.merchantAccountCode(),
                        item.merchantReference(), Objects.toString(item.amountValue(), null), item.amountCurrency(),
                        item.eventCode(), Boolean.toString(item.success()))
                .map(field -> Objects.requireNonNullElse(field, ""))
                .collect(Collectors.joining(":"));
        return Base64.getEncoder().encodeToString(Hmac.sha256(key(hexKey), signed.getBytes(UTF_8)));
    }

    private static String signedItem(String hexKey, AdyenNotificationItem item) {
        StringJoiner members = new StringJoiner(",", "{", "}");
        members.add("\"additionalData\":{\"hmacSignature\":" + JsonText.quote(hmacSignature(hexKey, item)) + "}");
        StringJoiner amount = new StringJoiner(",", "{", "}").setEmptyValue("");
        if (item.amountCurrency() != null) {
            amount.add("\"currency\":" + JsonText.quote(item.amountCurrency()));
        }
        if (item.amountValue() != null) {
            amount.add("\"value\":" + item.amountValue());
        }
        if (amount.length() > 0) {
            members.add("\"amount\":" + amount);
        }
        addString(members, "eventCode", item.eventCode());
        addString(members, "eventDate", item.eventDate());
        addString(members, "merchantAccountCode", item.merchantAccountCode());
        addString(members, "merchantReference", item.merchantReference());
        addString(members, "originalReference", item.originalReference());
        addString(members, "pspReference", item.pspReference());
        // Adyen writes the outcome as a string, not a JSON boolean.
        addString(members, "success", Boolean.toString(item.success()));
        return members.toString();
    }

    private static void addString(StringJoiner members, String name, String value) {
        if (value != null) {
            members.add(JsonText.quote(name) + ":" + JsonText.quote(value));
        }
    }

    private static byte[] key(String hexKey) {
        try {
            return HexFormat.of().parseHex(hexKey);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("an Adyen HMAC key is hex digits", e);
        }
    }
}
