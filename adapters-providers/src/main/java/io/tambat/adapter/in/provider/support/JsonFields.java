package io.tambat.adapter.in.provider.support;

import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonPointer;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * Typed reads of envelope fields addressed by JSON Pointer (RFC 6901).
 *
 * <p>A field that is absent or {@code null} is empty. A field that is present with the wrong type is a
 * {@code MALFORMED_ENVELOPE}: an authentic sender that breaks its own envelope should be seen, not have its
 * field silently dropped. Details name the pointer, never the value.
 */
public final class JsonFields {

    private JsonFields() {
    }

    /** A required non-blank string. */
    public static String requiredString(JsonObject envelope, String pointer) {
        return optionalString(envelope, pointer)
                .filter(value -> !value.isBlank())
                .orElseThrow(() -> Rejections.malformedEnvelope(pointer + " must be a non-empty string"));
    }

    /** An optional string. */
    public static Optional<String> optionalString(JsonObject envelope, String pointer) {
        return optionalValue(envelope, pointer).map(value -> {
            if (value instanceof JsonString string) {
                return string.getString();
            }
            throw Rejections.malformedEnvelope(pointer + " must be a string");
        });
    }

    /** An optional identifier sent either as a string or as an integer. */
    public static Optional<String> optionalId(JsonObject envelope, String pointer) {
        return optionalValue(envelope, pointer).map(value -> {
            if (value instanceof JsonString string) {
                return string.getString();
            }
            if (value instanceof JsonNumber number && number.isIntegral()) {
                return number.bigIntegerValue().toString();
            }
            throw Rejections.malformedEnvelope(pointer + " must be a string or an integer");
        });
    }

    /** An optional integer that fits in a {@code long}. */
    public static Optional<Long> optionalLong(JsonObject envelope, String pointer) {
        return optionalValue(envelope, pointer).map(value -> {
            if (value instanceof JsonNumber number && number.isIntegral()) {
                try {
                    return number.longValueExact();
                } catch (ArithmeticException e) {
                    throw Rejections.malformedEnvelope(pointer + " is out of range");
                }
            }
            throw Rejections.malformedEnvelope(pointer + " must be an integer");
        });
    }

    /** An optional instant sent as integer unix seconds. */
    public static Optional<Instant> optionalEpochSeconds(JsonObject envelope, String pointer) {
        return optionalLong(envelope, pointer).map(seconds -> {
            try {
                return Instant.ofEpochSecond(seconds);
            } catch (DateTimeException e) {
                throw Rejections.malformedEnvelope(pointer + " is out of range");
            }
        });
    }

    /** An optional instant sent as an ISO-8601 date-time with an offset, e.g. {@code 2022-11-03T20:26:10Z}. */
    public static Optional<Instant> optionalIsoInstant(JsonObject envelope, String pointer) {
        return optionalString(envelope, pointer).map(text -> {
            try {
                return OffsetDateTime.parse(text).toInstant();
            } catch (DateTimeParseException e) {
                throw Rejections.malformedEnvelope(pointer + " must be an ISO-8601 date-time with an offset");
            }
        });
    }

    /**
     * An optional value of any type, for callers that decide for themselves what a value of another type means
     * (e.g. a configured pointer that may land on a member some senders use for something else).
     */
    public static Optional<JsonValue> optionalValue(JsonObject envelope, String pointer) {
        JsonPointer path = JsonProviders.PROVIDER.createPointer(pointer);
        JsonValue value;
        try {
            if (!path.containsValue(envelope)) {
                return Optional.empty();
            }
            value = path.getValue(envelope);
        } catch (JsonException e) {
            // A parent that is missing or is not an object: the field is absent, as far as the envelope goes.
            return Optional.empty();
        }
        return value.getValueType() == JsonValue.ValueType.NULL ? Optional.empty() : Optional.of(value);
    }
}
