package io.tambat.sender.listen;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

    @Test
    void escapesLineBreaksTabsAndBackslashesAsJavaWould() {
        assertThat(TerminalText.escaped("evt_1\r\nX-Injected: yes\t\\n"))
                .isEqualTo("evt_1\\r\\nX-Injected: yes\\t\\\\n");
    }

    @Test
    void escapesEveryOtherControlCharacterByItsCode() {
        assertThat(TerminalText.escaped("a\u001B[2Jb\u0007c\u0000d\u007Fe\u009Bf"))
                .isEqualTo("a\\u001B[2Jb\\u0007c\\u0000d\\u007Fe\\u009Bf");
    }

    @Test
    void escapesInvisibleAndBidirectionalFormatCharactersAndLineSeparators() {
        assertThat(TerminalText.escaped("evt\u202E1\u200B2\u20283")).isEqualTo("evt\\u202E1\\u200B2\\u20283");
    }

    @Test
    void escapesASurrogateWithoutItsPair() {
        assertThat(TerminalText.escaped("evt_\uD83D")).isEqualTo("evt_\\uD83D");
    }

    @Test
    void printsLettersSymbolsAndEmojiOfAnyScriptAsTheyAre() {
        assertThat(TerminalText.escaped("paiement.réussi.日本 évt-😀 \"%2B\""))
                .isEqualTo("paiement.réussi.日本 évt-😀 \"%2B\"");
    }
}
