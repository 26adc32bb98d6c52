package io.tambat.adapter.in.provider.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConstantTimeTest {

    @Test
    void matchesWhenAnyCandidateEqualsTheExpectedBytes() {
        assertThat(ConstantTime.anyEquals(new byte[] {1, 2}, List.of(new byte[] {9}, new byte[] {1, 2}))).isTrue();
    }

    @Test
    void doesNotMatchPrefixesOrAnEmptyList() {
        assertThat(ConstantTime.anyEquals(new byte[] {1, 2}, List.of(new byte[] {1}, new byte[0]))).isFalse();
        assertThat(ConstantTime.anyEquals(new byte[] {1, 2}, List.of())).isFalse();
    }
}
