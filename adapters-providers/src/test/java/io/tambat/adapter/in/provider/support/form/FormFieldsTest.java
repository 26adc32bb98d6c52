package io.tambat.adapter.in.provider.support.form;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.provider.spi.WebhookRejectedException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FormFieldsTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void decodesPercentEscapesAndPlusSignsAsBytes() {
        assertThat(FormFields.single(bytes("a=1&payload=%7B%22k%22%3A%22caf%C3%A9+x%22%7D&b="), "payload"))
                .hasValueSatisfying(value -> assertThat(new String(value, StandardCharsets.UTF_8))
                        .isEqualTo("{\"k\":\"café x\"}"));
    }

    @Test
    void findsFieldsWithEmptyOrMissingValuesAndReportsAbsentOnes() {
        assertThat(FormFields.single(bytes("payload=&x=1"), "payload"))
                .hasValueSatisfying(v -> assertThat(v).isEmpty());
        assertThat(FormFields.single(bytes("x=1&payload"), "payload")).hasValueSatisfying(v -> assertThat(v).isEmpty());
        assertThat(FormFields.single(bytes("payloadx=1&"), "payload")).isEmpty();
        assertThat(FormFields.single(new byte[0], "payload")).isEmpty();
    }

    @Test
    void readsEveryFieldInOrderWithRepeatedNamesAndSkipsEmptyPieces() {
        assertThat(FormFields.all(bytes("&b=2&&a=1&b=%31&c&d=+&")))
                .hasValueSatisfying(fields -> assertThat(fields)
                        .extracting(field -> text(field.name()) + "=" + text(field.value()))
                        .containsExactly("b=2", "a=1", "b=1", "c=", "d= "));
        assertThat(FormFields.all(new byte[0])).hasValueSatisfying(fields -> assertThat(fields).isEmpty());
    }

    @Test
    void decodesEveryFieldAsBytesWhateverTheirCharset() {
        assertThat(FormFields.all(bytes("caf%C3%A9=%E9%00"))).hasValueSatisfying(fields -> assertThat(fields)
                .singleElement().satisfies(field -> {
                    assertThat(field.name()).isEqualTo("café".getBytes(StandardCharsets.UTF_8));
                    assertThat(field.value()).containsExactly(0xE9, 0x00);
                }));
    }

    @Test
    void leavesTheVerdictOnAnInvalidEscapeToTheCaller() {
        for (String body : new String[] {"a=%4", "a=%G1", "p%ZZ=1", "a=1&b=%", "a=%%41"}) {
            assertThat(FormFields.all(bytes(body))).as(body).isEmpty();
        }
    }

    @Test
    void rejectsARepeatedFieldAndInvalidEscapes() {
        for (String body : new String[] {"payload=1&payload=2", "payload=%4", "payload=%G1", "p%ZZ=1"}) {
            assertThatThrownBy(() -> FormFields.single(bytes(body), "payload"))
                    .as(body).isInstanceOf(WebhookRejectedException.class);
        }
    }
}
