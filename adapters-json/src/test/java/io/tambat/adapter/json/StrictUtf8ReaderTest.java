package io.tambat.adapter.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StrictUtf8ReaderTest {

    // Several windows of ASCII, with characters of two, three and four bytes placed across window ends.
    private static final String TEXT = "x".repeat(509) + "é☕😀日本" + "y".repeat(1000) + "ü€𝄞" + "z".repeat(300) + "ok";

    private static String readAll(Reader reader, int charsPerRead) throws IOException {
        StringBuilder text = new StringBuilder();
        char[] buffer = new char[charsPerRead];
        for (int read = reader.read(buffer, 0, charsPerRead); read != -1;
                read = reader.read(buffer, 0, charsPerRead)) {
            text.append(buffer, 0, read);
        }
        return text.toString();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void decodesWhatTheJdkDecodesWhereverWindowsEnd(int shift) throws IOException {
        String text = "s".repeat(shift) + TEXT;
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThat(readAll(new StrictUtf8Reader(bytes), 4096)).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7})
    void splitsNoCharacterOverSmallReads(int charsPerRead) throws IOException {
        assertThat(readAll(new StrictUtf8Reader(TEXT.getBytes(StandardCharsets.UTF_8)), charsPerRead))
                .isEqualTo(TEXT);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 510, 511, 512, 1500, 1998})
    void refusesAMalformedByteWhereverItIs(int at) {
        byte[] bytes = "a".repeat(2000).getBytes(StandardCharsets.UTF_8);
        bytes[at] = (byte) 0xC3;
        bytes[at + 1] = '(';
        assertThatThrownBy(() -> readAll(new StrictUtf8Reader(bytes), 4096))
                .isInstanceOf(CharacterCodingException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ED A0 80", "C0 AF", "F4 90 80 80", "E2 98", "80", "FF"})
    void refusesWhatIsNoUtf8Character(String hex) {
        String[] digits = hex.split(" ");
        byte[] bytes = new byte[digits.length + 1];
        bytes[0] = 'a';
        for (int i = 0; i < digits.length; i++) {
            bytes[i + 1] = (byte) Integer.parseInt(digits[i], 16);
        }
        assertThatThrownBy(() -> readAll(new StrictUtf8Reader(bytes), 4096))
                .isInstanceOf(CharacterCodingException.class);
    }
}
