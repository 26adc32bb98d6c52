package io.tambat.adapter.in.provider.support.form;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.domain.error.WebhookRejectedException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FormFieldsTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
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
    void rejectsARepeatedFieldAndInvalidEscapes() {
        for (String body : new String[] {"payload=1&payload=2", "payload=%4", "payload=%G1", "p%ZZ=1"}) {
            assertThatThrownBy(() -> FormFields.single(bytes(body), "payload"))
                    .as(body).isInstanceOf(WebhookRejectedException.class);
        }
    }
}
