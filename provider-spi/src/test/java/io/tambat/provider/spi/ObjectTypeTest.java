package io.tambat.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An object type is any well-formed code an adapter names, and nothing that URLs or metrics could not carry. */
class ObjectTypeTest {

    @ParameterizedTest
    @ValueSource(strings = {"payment", "shipment", "merge_request", "v2"})
    void takesAnyLowercaseCodeAnAdapterNames(String code) {
        assertThat(new ObjectType(code).code()).isEqualTo(code);
        assertThat(ObjectType.fromCode(code)).contains(new ObjectType(code));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Payment", "2fa", "merge-request", "pay ment", "payment/1",
        "a1234567890123456789012345678901234567890123456789012345678901234"})
    void refusesACodeThatIsNotLowercaseLettersDigitsAndUnderscoresALetterFirst(String code) {
        assertThatThrownBy(() -> new ObjectType(code)).isInstanceOf(IllegalArgumentException.class);
        assertThat(ObjectType.fromCode(code)).isEmpty();
    }

    @Test
    void refusesNoCode() {
        assertThatThrownBy(() -> new ObjectType(null)).isInstanceOf(IllegalArgumentException.class);
        assertThat(ObjectType.fromCode(null)).isEmpty();
    }
}
