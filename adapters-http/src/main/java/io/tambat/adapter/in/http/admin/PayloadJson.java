package io.tambat.adapter.in.http.admin;

import io.tambat.adapter.json.JsonProviders;
import jakarta.json.JsonObjectBuilder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;

/**
 * A revealed payload as JSON: the text itself when the bytes are valid UTF-8 (JSON, form and XML bodies), so an
 * operator reads it as sent; base64 otherwise, so no byte is altered by a lenient decoding.
 */
final class PayloadJson {

    private PayloadJson() {
    }

    static JsonObjectBuilder of(UUID inboxId, byte[] payload) {
        JsonObjectBuilder json = JsonProviders.PROVIDER.createObjectBuilder()
                .add("inbox_id", inboxId.toString())
                .add("bytes", payload.length);
        try {
            String text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(payload))
                    .toString();
            return json.add("encoding", "utf-8").add("payload", text);
        } catch (CharacterCodingException notUtf8) {
            return json.add("encoding", "base64").add("payload", Base64.getEncoder().encodeToString(payload));
        }
    }
}
