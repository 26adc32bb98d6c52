package io.tambat.adapter.in.provider.support.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SignedMessageTest {

    @Test
    void appendsTheBodyBytesUnchangedEvenWhenTheyAreNotUtf8() {
        byte[] body = {'{', (byte) 0xC3, (byte) 0x28, (byte) 0xFF, '}'};
        assertThat(SignedMessage.of("12.", body)).containsExactly('1', '2', '.', '{', 0xC3, 0x28, 0xFF, '}');
    }

    @Test
    void encodesThePrefixAsUtf8() {
        assertThat(SignedMessage.of("é.", new byte[0])).containsExactly(0xC3, 0xA9, '.');
    }
}
