package io.tambat.adapter.in.provider.support.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookRejectedException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonBodiesTest {

    @Test
    void parsesAUtf8JsonObject() {
        byte[] body = "{\"note\":\"café ☕ 日本\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(JsonBodies.parseObject(body).getString("note")).isEqualTo("café ☕ 日本");
    }

    @Test
    void rejectsInvalidUtf8InsteadOfReplacingIt() {
        byte[] body = {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        assertMalformed(body);
    }

    @Test
    void rejectsDuplicatedMemberNames() {
        assertMalformed("{\"id\":\"evt_1\",\"id\":\"evt_2\"}".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void rejectsTrailingContentNonObjectsAndEmptyBodies() {
        for (String body : new String[] {"{} {}", "{}x", "[]", "\"text\"", "42", "", "{"}) {
            assertMalformed(body.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void assertMalformed(byte[] body) {
        assertThatThrownBy(() -> JsonBodies.parseObject(body))
                .isInstanceOfSatisfying(WebhookRejectedException.class,
                        e -> assertThat(e.rejection()).isEqualTo(Rejection.MALFORMED_ENVELOPE));
    }
}
