package io.tambat.adapter.json;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParser.Event;
import java.util.HashSet;
import java.util.Set;

/**
 * Parses bytes as exactly one JSON object with Jakarta JSON Processing, wherever Tambat reads JSON from
 * outside: verified webhook bodies, order requests, operator calls.
 *
 * <p>Strict on purpose, because what the parsed object says decides identities and amounts: invalid UTF-8 is
 * an error rather than a replacement character; a repeated member name is an error rather than "last one
 * wins", since another parser downstream could pick the other value; and content after the object is an error
 * rather than ignored. The tree is built from parser events because neither guarantee is portable across
 * JSON-P implementations' {@code JsonReader} (Parsson's ignores trailing content, and its parser's
 * {@code getObject()} ignores the duplicate-key setting). Nesting depth is bounded by the parser's own limit.
 *
 * <p>A caller that reads a few fields names them ({@link JsonPointers}) and gets the object pruned to them:
 * JSON-P offers no reader that keeps part of a document, and its parser's {@code skipObject()} would skip the
 * duplicate check, so the same walk over parser events builds only the values on the way to those fields and
 * holds all the others to the same rules.
 */
public final class StrictJson {

    // Looked up once: Json.create... repeats the ServiceLoader lookup on every call. Held here, outside the
    // adapters' own classes, so that loading an adapter through ServiceLoader does not yet need JSON-P.
    private static final JsonProvider PROVIDER = JsonProvider.provider();

    private StrictJson() {
    }

    /** The JSON-P implementation, for building documents. */
    public static JsonProvider provider() {
        return PROVIDER;
    }

    /**
     * The bytes as a JSON object.
     *
     * @throws MalformedJsonException for anything that is not exactly one well-formed UTF-8 JSON object; its
     *         message says which rule was broken and never quotes the input
     */
    public static JsonObject parseObject(byte[] bytes) {
        return parseObject(bytes, JsonPointers.WHOLE);
    }

    /**
     * The bytes as a JSON object pruned to what {@code pointers} name. Every other value is still read and held
     * to the same rules, member names included, but never built.
     *
     * @throws MalformedJsonException for anything that is not exactly one well-formed UTF-8 JSON object; its
     *         message says which rule was broken and never quotes the input
     */
    public static JsonObject parseObject(byte[] bytes, JsonPointers pointers) {
        try (JsonParser parser = PROVIDER.createParser(new StrictUtf8Reader(bytes))) {
            if (!parser.hasNext() || parser.next() != Event.START_OBJECT) {
                throw new MalformedJsonException("body is not a JSON object");
            }
            JsonObject object = readObject(parser, pointers);
            if (parser.hasNext()) {
                throw new MalformedJsonException("body holds content after its JSON object");
            }
            return object;
        } catch (MalformedJsonException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // The parser's own message quotes the offending characters, so it is neither kept nor chained.
            throw new MalformedJsonException("body is not a well-formed UTF-8 JSON document");
        }
    }

    /** The object whose start was just read, pruned to {@code pointers}; null when no pointer reaches it. */
    private static JsonObject readObject(JsonParser parser, JsonPointers pointers) {
        JsonObjectBuilder object = pointers.isEmpty() ? null : PROVIDER.createObjectBuilder();
        Set<String> names = new HashSet<>();
        for (Event event = parser.next(); event != Event.END_OBJECT; event = parser.next()) {
            String name = parser.getString();
            if (!names.add(name)) {
                throw new MalformedJsonException("body repeats a member name within one object");
            }
            JsonValue value = readValue(parser, parser.next(), pointers.member(name));
            if (value != null) {
                object.add(name, value);
            }
        }
        return object == null ? null : object.build();
    }

    /** The array whose start was just read, pruned to {@code pointers}; null when no pointer reaches it. */
    private static JsonArray readArray(JsonParser parser, JsonPointers pointers) {
        JsonArrayBuilder array = pointers.isEmpty() ? null : PROVIDER.createArrayBuilder();
        int index = 0;
        for (Event event = parser.next(); event != Event.END_ARRAY; event = parser.next(), index++) {
            JsonValue value = readValue(parser, event, pointers.element(index));
            if (index <= pointers.lastElement()) {
                array.add(value == null ? JsonValue.NULL : value);
            }
        }
        return array == null ? null : array.build();
    }

    /** The value {@code event} starts, pruned to {@code pointers}; null when no pointer reaches it. */
    private static JsonValue readValue(JsonParser parser, Event event, JsonPointers pointers) {
        return switch (event) {
            case START_OBJECT -> readObject(parser, pointers);
            case START_ARRAY -> readArray(parser, pointers);
            default -> pointers.isEmpty() ? skipScalar(parser, event) : parser.getValue();
        };
    }

    /**
     * Nothing, once the scalar {@code event} starts is known to be one the full parse would accept. Parsson
     * refuses some numbers only when it converts them (over 1,100 characters, or an exponent beyond an
     * {@code int}), and its {@code getLong} goes through that conversion for exactly the numbers
     * {@code getValue} does, without building a {@code BigDecimal} for the others.
     */
    private static JsonValue skipScalar(JsonParser parser, Event event) {
        if (event == Event.VALUE_NUMBER) {
            parser.getLong();
        }
        return null;
    }

    /** Input that is not one well-formed JSON object. The message names the rule, never the input. */
    public static final class MalformedJsonException extends RuntimeException {

        MalformedJsonException(String message) {
            super(message, null, false, false);
        }
    }
}
