package io.tambat.adapter.json;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParser.Event;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
        InputStreamReader strictUtf8 = new InputStreamReader(new ByteArrayInputStream(bytes),
                StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT));
        try (JsonParser parser = PROVIDER.createParser(strictUtf8)) {
            if (!parser.hasNext() || parser.next() != Event.START_OBJECT) {
                throw new MalformedJsonException("body is not a JSON object");
            }
            JsonObject object = readObject(parser);
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

    private static JsonObject readObject(JsonParser parser) {
        JsonObjectBuilder object = PROVIDER.createObjectBuilder();
        Set<String> names = new HashSet<>();
        for (Event event = parser.next(); event != Event.END_OBJECT; event = parser.next()) {
            String name = parser.getString();
            if (!names.add(name)) {
                throw new MalformedJsonException("body repeats a member name within one object");
            }
            object.add(name, readValue(parser, parser.next()));
        }
        return object.build();
    }

    private static JsonArray readArray(JsonParser parser) {
        JsonArrayBuilder array = PROVIDER.createArrayBuilder();
        for (Event event = parser.next(); event != Event.END_ARRAY; event = parser.next()) {
            array.add(readValue(parser, event));
        }
        return array.build();
    }

    private static JsonValue readValue(JsonParser parser, Event event) {
        return switch (event) {
            case START_OBJECT -> readObject(parser);
            case START_ARRAY -> readArray(parser);
            default -> parser.getValue();
        };
    }

    /** Input that is not one well-formed JSON object. The message names the rule, never the input. */
    public static final class MalformedJsonException extends RuntimeException {

        MalformedJsonException(String message) {
            super(message, null, false, false);
        }
    }
}
