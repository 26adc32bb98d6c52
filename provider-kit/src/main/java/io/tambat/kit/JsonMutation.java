package io.tambat.kit;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonPatchBuilder;
import jakarta.json.JsonReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/**
 * One mutation of a valid fixture, as a JSON Patch (RFC 6902), so each test shows exactly what it breaks.
 */
public final class JsonMutation {

    private JsonMutation() {
    }

    /** The fixture with the patch applied, serialised again. */
    public static byte[] apply(byte[] json, UnaryOperator<JsonPatchBuilder> patch) {
        JsonObject object;
        try (JsonReader reader = Json.createReader(new ByteArrayInputStream(json))) {
            object = reader.readObject();
        }
        return patch.apply(Json.createPatchBuilder()).build().apply(object).toString()
                .getBytes(StandardCharsets.UTF_8);
    }
}
