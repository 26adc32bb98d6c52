package io.tambat.adapter.in.provider.support.header;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class UnixSecondsTest {

    @Test
    void parsesPlainDigits() {
        assertThat(UnixSeconds.parse("1614265330")).contains(1614265330L);
    }

    @Test
    void refusesSignsSpacesFractionsAndOverlongValues() {
        for (String text : List.of("", " 1", "+1", "-1", "1.0", "1e9", "0x10", "1234567890123456", "١٢٣")) {
            assertThat(UnixSeconds.parse(text)).as(text).isEmpty();
        }
        assertThat(UnixSeconds.parse(null)).isEmpty();
    }
}
