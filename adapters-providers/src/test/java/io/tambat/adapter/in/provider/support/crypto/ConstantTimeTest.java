package io.tambat.adapter.in.provider.support.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
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

    @Test
    void checksEveryCandidateEvenAfterOneHasPassed() {
        byte[] first = {1};
        byte[] second = {2};
        List<byte[]> checked = new ArrayList<>();
        boolean passed = ConstantTime.anyPasses(List.of(first, second), candidate -> {
            checked.add(candidate);
            return candidate == first;
        });
        assertThat(passed).isTrue();
        assertThat(checked).containsExactly(first, second);
    }

    @Test
    void passesNothingWhenNoCandidatePassesTheCheck() {
        assertThat(ConstantTime.anyPasses(List.of(new byte[] {1}), candidate -> false)).isFalse();
        assertThat(ConstantTime.anyPasses(List.of(), candidate -> true)).isFalse();
    }
}
