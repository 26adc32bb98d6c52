package io.tambat.adapter.out.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpHeaderEncodingTest {

    @Test
    void sendsPrintableAsciiValuesAsTheyAreWithoutNamingAny() {
        Map<String, String> headers = headers("evt_1", "order.paid 100% \"final\"+tax");

        assertThat(HttpHeaderEncoding.encoded(headers)).isEqualTo(headers);
    }

    @Test
    void percentEncodesALineBreakAndNamesTheHeaderItIsIn() {
        Map<String, String> encoded = HttpHeaderEncoding.encoded(headers("evt_1\r\nX-Injected: yes", "order.paid"));

        assertThat(encoded).containsExactly(
                Map.entry("webhook-id", "msg_1"),
                Map.entry("tambat-event-type", "order.paid"),
                Map.entry("tambat-provider-event-id", "evt_1%0D%0AX-Injected:%20yes"),
                Map.entry("tambat-encoded", "tambat-provider-event-id"));
    }

    @Test
    void percentEncodesEachUtf8ByteOfACharacterBeyondAscii() {
        Map<String, String> encoded = HttpHeaderEncoding.encoded(headers("évt-日本-😀", "paiement.réussi"));

        assertThat(encoded)
                .containsEntry("tambat-provider-event-id", "%C3%A9vt-%E6%97%A5%E6%9C%AC-%F0%9F%98%80")
                .containsEntry("tambat-event-type", "paiement.r%C3%A9ussi")
                .containsEntry("tambat-encoded", "tambat-event-type,tambat-provider-event-id");
    }

    @Test
    void percentEncodesALatin1CharacterAsItsTwoUtf8Bytes() {
        assertThat(HttpHeaderEncoding.encoded(headers("evt_\u00ff", "order.paid")))
                .containsEntry("tambat-provider-event-id", "evt_%C3%BF");
    }

    @Test
    void percentEncodesAValueWithASpaceAtAnEndThatHttpWouldTrim() {
        assertThat(HttpHeaderEncoding.encoded(headers(" evt_1", "order.paid ")))
                .containsEntry("tambat-provider-event-id", "%20evt_1")
                .containsEntry("tambat-event-type", "order.paid%20")
                .containsKey("tambat-encoded");
    }

    @Test
    void anEncodedValueEncodesPercentPlusAndQuoteSoItDecodesUnambiguously() {
        String value = "100% \"sure\"+tax\té";

        String encoded = HttpHeaderEncoding.encoded(headers(value, "order.paid")).get("tambat-provider-event-id");

        assertThat(encoded).isEqualTo("100%25%20%22sure%22%2Btax%09%C3%A9");
        assertThat(URLDecoder.decode(encoded, StandardCharsets.UTF_8)).as("even a form decoder gets it back")
                .isEqualTo(value);
    }

    private static Map<String, String> headers(String providerEventId, String eventType) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("webhook-id", "msg_1");
        headers.put("tambat-event-type", eventType);
        headers.put("tambat-provider-event-id", providerEventId);
        return headers;
    }
}
