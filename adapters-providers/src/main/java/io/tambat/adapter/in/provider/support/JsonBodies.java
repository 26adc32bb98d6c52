package io.tambat.adapter.in.provider.support;

import io.tambat.domain.error.WebhookRejectedException;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParser.Event;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

/**
 * Parses a verified raw body as exactly one JSON object with Jakarta JSON Processing.
 *
 * <p>Strict on purpose, because the parsed object decides the logical event id: invalid UTF-8 is an error
 * rather than a replacement character; a repeated member name is an error rather than "last one wins", since
 * another parser downstream could pick the other value; and content after the object is an error rather
 * than ignored. The tree is built from parser events because neither guarantee is portable across JSON-P
 * implementations' {@code JsonReader} (Parsson's ignores trailing content, and its parser's
 * {@code getObject()} ignores the duplicate-key setting).
 */
public final class JsonBodies {

    private JsonBodies() {
    }

    /**
     * The body as a JSON object.
     *
     * @throws WebhookRejectedException {@code MALFORMED_ENVELOPE} for anything that is not exactly one
     *         well-formed JSON object; the detail never quotes the body
     */
    public static JsonObject parseObject(byte[] body) {
        InputStreamReader strictUtf8 = new InputStreamReader(new ByteArrayInputStream(body),
                StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT));
        try (JsonParser parser = JsonProviders.PROVIDER.createParser(strictUtf8)) {
            if (!parser.hasNext() || parser.next() != Event.START_OBJECT) {
                throw Rejections.malformedEnvelope("body is not a JSON object");
            }
            JsonObject envelope = readObject(parser);
            if (parser.hasNext()) {
                throw Rejections.malformedEnvelope("body holds content after its JSON object");
            }
            return envelope;
        } catch (WebhookRejectedException e) {
            throw e;
        } catch (RuntimeException e) {
            // The parser's own message quotes the offending characters, so it is neither kept nor chained.
            throw Rejections.malformedEnvelope("body is not a well-formed UTF-8 JSON document");
        }
    }

    // Recursion depth is bounded by the parser's own nesting limit.
    private static JsonObject readObject(JsonParser parser) {
        JsonObjectBuilder object = JsonProviders.PROVIDER.createObjectBuilder();
        Set<String> names = new HashSet<>();
        for (Event event = parser.next(); event != Event.END_OBJECT; event = parser.next()) {
            String name = parser.getString();
            if (!names.add(name)) {
                throw Rejections.malformedEnvelope("body repeats a member name within one object");
            }
            object.add(name, readValue(parser, parser.next()));
        }
        return object.build();
    }

    private static JsonArray readArray(JsonParser parser) {
        JsonArrayBuilder array = JsonProviders.PROVIDER.createArrayBuilder();
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
}
