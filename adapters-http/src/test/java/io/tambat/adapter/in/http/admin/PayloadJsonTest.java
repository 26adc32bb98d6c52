package io.tambat.adapter.in.http.admin;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PayloadJsonTest {

    private static final UUID INBOX_ID = UUID.fromString("01a23380-2929-74dd-a81d-b0fc3cb5867d");

    @Test
    void showsAUtf8PayloadAsItsText() {
        byte[] body = "{\"note\":\"café ☕\"}".getBytes(StandardCharsets.UTF_8);

        JsonObject json = PayloadJson.of(INBOX_ID, body).build();

        assertThat(json.getString("inbox_id")).isEqualTo(INBOX_ID.toString());
        assertThat(json.getInt("bytes")).isEqualTo(body.length);
        assertThat(json.getString("encoding")).isEqualTo("utf-8");
        assertThat(json.getString("payload")).isEqualTo("{\"note\":\"café ☕\"}");
    }

    @Test
    void showsBytesThatAreNotUtf8InBase64SoNoneIsReplaced() {
        byte[] body = {'a', (byte) 0xC3, '(', (byte) 0xFF};

        JsonObject json = PayloadJson.of(INBOX_ID, body).build();

        assertThat(json.getString("encoding")).isEqualTo("base64");
        assertThat(Base64.getDecoder().decode(json.getString("payload"))).isEqualTo(body);
        assertThat(json.getInt("bytes")).isEqualTo(4);
    }
}
