package io.tambat.adapter.in.provider.support.json;

import io.tambat.adapter.in.provider.support.ingress.Rejections;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Typed reads of envelope fields addressed by JSON Pointer (RFC 6901). A field that is absent or {@code null}
 * is empty. A field that is present with the wrong type is read one of two ways:
 *
 * <ul>
 *   <li>strictly ({@code required...}, {@code optional...}): a {@code MALFORMED_ENVELOPE}. For what ingress
 *       cannot do without (the logical event id, the event type), and for event interpreters, which read
 *       through {@link io.tambat.adapter.in.provider.support.processing.StoredPayloads} so that the same
 *       fault fails the event with a reason an operator reads; either way an authentic sender that breaks
 *       its envelope is seen, not silently dropped.</li>
 *   <li>leniently ({@code lenient...}): empty. For what ingress only records beside an event (object id,
 *       version, creation time): an authentic event whose id can be read is stored whatever those hold, and
 *       processing, which reads the payload again strictly, is where the fault shows.</li>
 * </ul>
 *
 * <p>Details name the pointer, never the value.
 */
public final class JsonFields {

    /** An array index as RFC 6901 writes it: no sign, no leading zero. */
    private static final Pattern ARRAY_INDEX = Pattern.compile("0|[1-9][0-9]*");

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
        return strictly(envelope, pointer, JsonFields::string, "a string");
    }

    /** A string; empty when absent or of another type. */
    public static Optional<String> lenientString(JsonObject envelope, String pointer) {
        return optionalValue(envelope, pointer).flatMap(JsonFields::string);
    }

    /** An optional identifier sent either as a string or as an integer. */
    public static Optional<String> optionalId(JsonObject envelope, String pointer) {
        return strictly(envelope, pointer, JsonFields::id, "a string or an integer");
    }

    /** An identifier sent either as a string or as an integer; empty when absent or of another type. */
    public static Optional<String> lenientId(JsonObject envelope, String pointer) {
        return optionalValue(envelope, pointer).flatMap(JsonFields::id);
    }

    /** An optional integer that fits in a {@code long}. */
    public static Optional<Long> optionalLong(JsonObject envelope, String pointer) {
        return strictly(envelope, pointer, JsonFields::exactLong, "an integer within 64 bits");
    }

    /** An integer that fits in a {@code long}; empty when absent, of another type or out of range. */
    public static Optional<Long> lenientLong(JsonObject envelope, String pointer) {
        return optionalValue(envelope, pointer).flatMap(JsonFields::exactLong);
    }

    /** An instant sent as integer unix seconds; empty when absent, of another type or out of range. */
    public static Optional<Instant> lenientEpochSeconds(JsonObject envelope, String pointer) {
        return lenientLong(envelope, pointer).flatMap(seconds -> {
            try {
                return Optional.of(Instant.ofEpochSecond(seconds));
            } catch (DateTimeException e) {
                return Optional.empty();
            }
        });
    }

    /** An optional instant sent as an ISO-8601 date-time with an offset, e.g. {@code 2022-11-03T20:26:10Z}. */
    public static Optional<Instant> optionalIsoInstant(JsonObject envelope, String pointer) {
        return strictly(envelope, pointer, JsonFields::isoInstant, "an ISO-8601 date-time with an offset");
    }

    /**
     * An instant sent as an ISO-8601 date-time with an offset, e.g. {@code 2022-11-03T20:26:10Z}; empty when
     * absent, of another type or not such a date-time.
     */
    public static Optional<Instant> lenientIsoInstant(JsonObject envelope, String pointer) {
        return optionalValue(envelope, pointer).flatMap(JsonFields::isoInstant);
    }

    /**
     * An optional value of any type, for callers that decide for themselves what a value of another type means
     * (e.g. a configured pointer that may land on a member some senders use for something else). A parent that
     * is missing or is neither an object nor an array leaves the field absent, as far as the envelope goes.
     *
     * <p>The pointer is followed here rather than by JSON-P's {@code JsonPointer}: Parsson's answers an absent
     * member by building an exception whose message serializes the whole document, and envelopes are read
     * for absent members on every delivery (GitHub's account field is the first of four candidates present).
     */
    public static Optional<JsonValue> optionalValue(JsonObject envelope, String pointer) {
        if (!pointer.isEmpty() && pointer.charAt(0) != '/') {
            throw new IllegalArgumentException("a JSON Pointer is empty or starts with '/'");
        }
        JsonValue value = envelope;
        int start = 1;
        while (start <= pointer.length() && value != null) {
            int end = pointer.indexOf('/', start);
            if (end < 0) {
                end = pointer.length();
            }
            value = member(value, unescape(pointer.substring(start, end)));
            start = end + 1;
        }
        return value == null || value.getValueType() == JsonValue.ValueType.NULL ? Optional.empty()
                : Optional.of(value);
    }

    /** The member named {@code token} of an object, or the element it indexes in an array; null when none. */
    private static JsonValue member(JsonValue parent, String token) {
        if (parent instanceof JsonObject object) {
            return object.get(token);
        }
        if (parent instanceof JsonArray array && ARRAY_INDEX.matcher(token).matches() && token.length() < 10) {
            int index = Integer.parseInt(token);
            return index < array.size() ? array.get(index) : null;
        }
        return null;
    }

    /** A reference token as RFC 6901 section 4 reads it: {@code ~1} is '/', then {@code ~0} is '~'. */
    private static String unescape(String token) {
        return token.indexOf('~') < 0 ? token : token.replace("~1", "/").replace("~0", "~");
    }

    /** The value as {@code type} reads it; a present value it cannot read is rejected as not {@code expected}. */
    private static <T> Optional<T> strictly(JsonObject envelope, String pointer,
            Function<JsonValue, Optional<T>> type, String expected) {
        return optionalValue(envelope, pointer).map(value -> type.apply(value)
                .orElseThrow(() -> Rejections.malformedEnvelope(pointer + " must be " + expected)));
    }

    private static Optional<String> string(JsonValue value) {
        return value instanceof JsonString string ? Optional.of(string.getString()) : Optional.empty();
    }

    private static Optional<String> id(JsonValue value) {
        if (value instanceof JsonNumber number && number.isIntegral()) {
            return Optional.of(number.bigIntegerValue().toString());
        }
        return string(value);
    }

    private static Optional<Instant> isoInstant(JsonValue value) {
        return string(value).flatMap(text -> {
            try {
                return Optional.of(OffsetDateTime.parse(text).toInstant());
            } catch (DateTimeParseException e) {
                return Optional.empty();
            }
        });
    }

    private static Optional<Long> exactLong(JsonValue value) {
        if (value instanceof JsonNumber number && number.isIntegral()) {
            try {
                return Optional.of(number.longValueExact());
            } catch (ArithmeticException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
