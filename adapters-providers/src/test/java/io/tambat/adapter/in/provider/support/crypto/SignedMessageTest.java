package io.tambat.adapter.in.provider.support.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SignedMessageTest {

    @Test
    void keepsTheBodyBytesUnchangedAndUncopiedEvenWhenTheyAreNotUtf8() {
        byte[] body = {'{', (byte) 0xC3, (byte) 0x28, (byte) 0xFF, '}'};

        SignedMessage message = SignedMessage.of("12.", body);

        assertThat(message.head()).containsExactly('1', '2', '.');
        assertThat(message.body()).isSameAs(body).containsExactly('{', 0xC3, 0x28, 0xFF, '}');
    }

    @Test
    void encodesThePrefixAsUtf8() {
        assertThat(SignedMessage.of("é.", new byte[0]).head()).containsExactly(0xC3, 0xA9, '.');
    }
}
