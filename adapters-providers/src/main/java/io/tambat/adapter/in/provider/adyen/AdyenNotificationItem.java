package io.tambat.adapter.in.provider.adyen;

import io.tambat.adapter.in.provider.support.json.JsonFields;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One {@code NotificationRequestItem} of an Adyen notification: the fields its HMAC covers, its logical id and
 * what it is about.
 */
record AdyenNotificationItem(JsonObject item) {

    static final String PSP_REFERENCE = "/pspReference";
    static final String ORIGINAL_REFERENCE = "/originalReference";
    static final String EVENT_CODE = "/eventCode";
    static final String SUCCESS = "/success";
    static final String HMAC_SIGNATURE = "/additionalData/hmacSignature";

    /**
     * The fields the HMAC covers, in Adyen's order. A missing field signs as an empty string, as in Adyen's
     * libraries.
     */
    private static final List<String> SIGNED_FIELDS = List.of(PSP_REFERENCE, ORIGINAL_REFERENCE,
            "/merchantAccountCode", "/merchantReference", "/amount/value", "/amount/currency", EVENT_CODE, SUCCESS);

    /** {@code pspReference:originalReference:merchantAccountCode:...:success}, the text the HMAC is taken of. */
    String signedText() {
        return SIGNED_FIELDS.stream().map(this::text).collect(Collectors.joining(":"));
    }

    /** {@code <pspReference>:<eventCode>:<success>}: what stays the same when Adyen sends the item again. */
    String eventId() {
        return text(PSP_REFERENCE) + ":" + eventCode() + ":" + text(SUCCESS);
    }

    String eventCode() {
        return text(EVENT_CODE);
    }

    boolean success() {
        return "true".equals(text(SUCCESS));
    }

    /** The payment a modification is about (its {@code originalReference}), else the item's own reference. */
    String paymentReference() {
        String original = text(ORIGINAL_REFERENCE);
        return original.isEmpty() ? text(PSP_REFERENCE) : original;
    }

    String pspReference() {
        return text(PSP_REFERENCE);
    }

    Optional<Instant> eventDate() {
        return JsonFields.lenientIsoInstant(item, "/eventDate");
    }

    private String text(String field) {
        return JsonFields.optionalValue(item, field).map(AdyenNotificationItem::asText).orElse("");
    }

    /**
     * A value as Adyen's libraries print it: a string as it is, a number (the amount in minor units) in its
     * decimal digits, {@code true} or {@code false}; anything else as nothing, which no valid HMAC covers.
     */
    private static String asText(JsonValue value) {
        return switch (value.getValueType()) {
            case STRING -> ((JsonString) value).getString();
            case NUMBER -> ((JsonNumber) value).toString();
            case TRUE -> "true";
            case FALSE -> "false";
            default -> "";
        };
    }
}
