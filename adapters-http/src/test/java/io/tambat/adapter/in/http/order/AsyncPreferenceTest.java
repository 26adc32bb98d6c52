package io.tambat.adapter.in.http.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AsyncPreferenceTest {

    @Test
    void findsRespondAsyncAloneOrAmongOtherPreferencesInAnyCase() {
        assertThat(AsyncPreference.requested(List.of("respond-async"))).isTrue();
        assertThat(AsyncPreference.requested(List.of("wait=10, Respond-Async"))).isTrue();
        assertThat(AsyncPreference.requested(List.of("return=minimal", "respond-async; foo=bar"))).isTrue();
    }

    @Test
    void ignoresOtherPreferencesAndLookalikes() {
        assertThat(AsyncPreference.requested(null)).isFalse();
        assertThat(AsyncPreference.requested(List.of())).isFalse();
        assertThat(AsyncPreference.requested(List.of("return=representation, wait=5"))).isFalse();
        assertThat(AsyncPreference.requested(List.of("respond-asynchronously", "x=respond-async"))).isFalse();
    }
}
