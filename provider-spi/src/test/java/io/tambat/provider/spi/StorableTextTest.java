package io.tambat.provider.spi;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StorableTextTest {

    @Test
    void acceptsWellFormedTextIncludingPairedSurrogates() {
        assertThat(StorableText.isStorable("")).isTrue();
        assertThat(StorableText.isStorable("Zürich \uD83D\uDE00 ok")).isTrue();
    }

    @Test
    void refusesNulAndUnpairedSurrogates() {
        assertThat(StorableText.isStorable("a\u0000b")).isFalse();
        assertThat(StorableText.isStorable("a\uD800")).isFalse();
        assertThat(StorableText.isStorable("\uD800a")).isFalse();
        assertThat(StorableText.isStorable("\uDC00")).isFalse();
        assertThat(StorableText.isStorable("\uDE00\uD83D")).isFalse();
    }
}
