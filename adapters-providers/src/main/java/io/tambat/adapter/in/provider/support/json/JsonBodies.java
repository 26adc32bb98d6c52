package io.tambat.adapter.in.provider.support.json;

import io.tambat.adapter.in.provider.support.ingress.Rejections;
import io.tambat.adapter.json.JsonPointers;
import io.tambat.adapter.json.StrictJson;
import io.tambat.provider.spi.WebhookRejectedException;
import jakarta.json.JsonObject;

/** Parses a verified raw body as exactly one JSON object, by the rules of {@link StrictJson}. */
public final class JsonBodies {

    private static final JsonPointers WHOLE_BODY = JsonPointers.of("");

    private JsonBodies() {
    }

    /**
     * The body as a JSON object.
     *
     * @throws WebhookRejectedException {@code MALFORMED_ENVELOPE} for anything that is not exactly one
     *         well-formed JSON object; the detail never quotes the body
     */
    public static JsonObject parseObject(byte[] body) {
        return parseObject(body, WHOLE_BODY);
    }

    /**
     * The body as a JSON object pruned to the fields the caller reads ({@link StrictJson#parseObject(byte[],
     * JsonPointers)}), checked as strictly as a whole one.
     *
     * @throws WebhookRejectedException {@code MALFORMED_ENVELOPE} for anything that is not exactly one
     *         well-formed JSON object; the detail never quotes the body
     */
    public static JsonObject parseObject(byte[] body, JsonPointers read) {
        try {
            return StrictJson.parseObject(body, read);
        } catch (StrictJson.MalformedJsonException e) {
            throw Rejections.malformedEnvelope(e.getMessage());
        }
    }

    /**
     * Whether the body's first significant byte opens a JSON object. Tells a JSON body from a form-encoded one
     * where no {@code Content-Type} is kept (a stored event): a form cannot start with a left brace, which it
     * encodes as {@code %7B}.
     */
    public static boolean opensObject(byte[] body) {
        for (byte b : body) {
            // JSON's insignificant whitespace (RFC 8259 section 2).
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return b == '{';
            }
        }
        return false;
    }
}
