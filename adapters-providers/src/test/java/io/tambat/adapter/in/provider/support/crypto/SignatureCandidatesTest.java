package io.tambat.adapter.in.provider.support.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.provider.spi.Rejection;
import io.tambat.provider.spi.WebhookRejectedException;
import org.junit.jupiter.api.Test;

class SignatureCandidatesTest {

    private static byte[] signature(int seed) {
        byte[] bytes = new byte[32];
        bytes[0] = (byte) seed;
        return bytes;
    }

    /** Five distinct candidates: the same bytes under two versions, and three more under one of them. */
    private static SignatureCandidates five() {
        SignatureCandidates candidates = new SignatureCandidates("X-Test-Signature");
        candidates.add("v1", signature(0));
        candidates.add("v1a", signature(0));
        candidates.add("v1", signature(1));
        candidates.add("v1", signature(2));
        candidates.add("v1", signature(3));
        return candidates;
    }

    @Test
    void allowsFiveDistinctCandidates() {
        assertThat(SignatureCandidates.MAX_DISTINCT).isEqualTo(5);
        SignatureCandidates candidates = five();
        assertThat(candidates.of("v1")).hasSize(4);
        assertThat(candidates.of("v1a")).hasSize(1);
        assertThat(candidates.of("h1")).isEmpty();
        assertThat(candidates.isEmpty()).isFalse();
    }

    @Test
    void ignoresAnExactRepeatUnderTheSameVersion() {
        SignatureCandidates candidates = five();
        candidates.add("v1", signature(3));
        candidates.add("v1a", signature(0));
        assertThat(candidates.of("v1")).hasSize(4).first().isEqualTo(signature(0));
        assertThat(candidates.of("v1a")).hasSize(1);
    }

    @Test
    void rejectsTheSixthDistinctCandidateNamingTheHeaderAndTheLimit() {
        SignatureCandidates candidates = five();
        assertThatThrownBy(() -> candidates.add("v1a", signature(1)))
                .isInstanceOfSatisfying(WebhookRejectedException.class,
                        e -> assertThat(e.rejection()).isEqualTo(Rejection.SIGNATURE_MISSING))
                .hasMessage("X-Test-Signature header carries more than 5 distinct signatures");
    }

    @Test
    void isEmptyUntilACandidateIsAdded() {
        assertThat(new SignatureCandidates("X-Test-Signature").isEmpty()).isTrue();
    }
}
