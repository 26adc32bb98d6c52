package io.tambat.sender.signing;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TwilioSignerTest {

    private static final String TOKEN = "12345";
    private static final String URL = "https://mycompany.com/myapp.php?foo=1&bar=2";
    private static final String JSON_BODY = "{\"property\": \"value\", \"boolean\": true}";
    private static final String JSON_BODY_HASH = "0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620";

    @Test
    void reproducesTheExampleOfTwiliosSecurityPage() {
        assertThat(TwilioSigner.signature(TOKEN, URL, callParameters("+12349013030")))
                .isEqualTo("0/KCTR6DLpKmkAf8muzZqo1nDgQ="); // T1
    }

    @Test
    void reproducesTheFormVectorsOfTwiliosSdkAndDocs() {
        assertThat(TwilioSigner.signature(TOKEN, URL, callParameters("+14158675309")))
                .isEqualTo("RSOYDt4T1cUTdK1PDd93/VVr8B8="); // T2
        assertThat(TwilioSigner.signature(TOKEN, "https://example.com/myapp.php?foo=1&bar=2",
                callParameters("+14158675310")))
                .isEqualTo("L/OH5YylLD5NRKLltdqwSvS0BnU="); // T3
    }

    @Test
    void reproducesTheJsonBodyVectorsOfTwiliosSdk() {
        String withHash = TwilioSigner.withBodyHash(URL, JSON_BODY.getBytes(UTF_8));
        assertThat(withHash).isEqualTo(URL + "&bodySHA256=" + JSON_BODY_HASH);
        assertThat(TwilioSigner.signature(TOKEN, withHash, Map.of())).isEqualTo("a9nBmqA0ju/hNViExpshrM61xv4="); // T4

        // T5 verifies only over the URL with the default port written out, as Twilio's SDK also accepts.
        String withPort = TwilioSigner.withBodyHash("https://mycompany.com:443/myapp.php?foo=1&bar=2",
                "{}".getBytes(UTF_8));
        assertThat(withPort).endsWith("&bodySHA256=44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
        assertThat(TwilioSigner.signature(TOKEN, withPort, Map.of())).isEqualTo("Ldidvp12m26NI7eqEvxnEpkd9Hc=");

        String withoutQuery = TwilioSigner.withBodyHash("https://mycompany.com/myapp.php", JSON_BODY.getBytes(UTF_8));
        assertThat(withoutQuery).isEqualTo("https://mycompany.com/myapp.php?bodySHA256=" + JSON_BODY_HASH);
        assertThat(TwilioSigner.signature(TOKEN, withoutQuery, Map.of()))
                .isEqualTo("y77kIzt2vzLz71DgmJGsen2scGs="); // T6
    }

    @Test
    void putsTheBodyHashBeforeAFragment() {
        assertThat(TwilioSigner.withBodyHash("https://example.com/hook?a=1#rc=5", "{}".getBytes(UTF_8)))
                .startsWith("https://example.com/hook?a=1&bodySHA256=44136fa3")
                .endsWith("#rc=5");
    }

    @Test
    void signsARepeatedParameterOnceForEachDistinctValueInOrder() {
        Map<String, List<String>> repeated = Map.of("To", List.of("+3", "+1", "+3", "+2"));

        assertThat(TwilioSigner.signature(TOKEN, URL, repeated))
                .isEqualTo(TwilioSigner.signature(TOKEN, URL + "To+1To+2To+3", Map.of()));
    }

    @Test
    void decodesAFormBodyIntoItsParameters() {
        byte[] form = "From=%2B12349013030&Body=Hello+there&To=%2B1&To=%2B2&Empty=&Flag".getBytes(UTF_8);

        assertThat(TwilioSigner.formParameters(form)).containsExactly(
                entry("From", List.of("+12349013030")),
                entry("Body", List.of("Hello there")),
                entry("To", List.of("+1", "+2")),
                entry("Empty", List.of("")),
                entry("Flag", List.of("")));
    }

    @Test
    void sendsTheIdempotencyTokenWithTheSignature() {
        assertThat(TwilioSigner.headers(TOKEN, URL, callParameters("+12349013030"), "token-1")).containsExactly(
                entry("I-Twilio-Idempotency-Token", "token-1"),
                entry("X-Twilio-Signature", "0/KCTR6DLpKmkAf8muzZqo1nDgQ="));
    }

    private static Map<String, List<String>> callParameters(String caller) {
        return Map.of(
                "CallSid", List.of("CA1234567890ABCDE"),
                "Caller", List.of(caller),
                "Digits", List.of("1234"),
                "From", List.of(caller),
                "To", List.of("+18005551212"));
    }
}
