package io.tambat.adapter.in.provider.support.header;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MediaTypesTest {

    @Test
    void ignoresParametersCaseAndSurroundingSpace() {
        assertThat(MediaTypes.matches(" Application/JSON ; charset=UTF-8", "application/json")).isTrue();
    }

    @Test
    void refusesOtherTypesLookalikesAndAMissingHeader() {
        assertThat(MediaTypes.matches("application/jsonp", "application/json")).isFalse();
        assertThat(MediaTypes.matches("application/problem+json", "application/json")).isFalse();
        assertThat(MediaTypes.matches("", "application/json")).isFalse();
        assertThat(MediaTypes.matches(null, "application/json")).isFalse();
    }
}
