package io.tambat.adapter.in.http.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ActionAnswersTest {

    @Test
    void withoutAPreferenceTheRequestWaitsTheDefault() {
        assertThat(ActionAnswers.preference((List<String>) null))
                .isEqualTo(new ActionAnswers.Preference(ActionAnswers.DEFAULT_WAIT, false));
        assertThat(ActionAnswers.preference(List.of()))
                .isEqualTo(new ActionAnswers.Preference(ActionAnswers.DEFAULT_WAIT, false));
        assertThat(ActionAnswers.preference(List.of("return=minimal")))
                .isEqualTo(new ActionAnswers.Preference(ActionAnswers.DEFAULT_WAIT, false));
    }

    @Test
    void respondAsyncAloneDoesNotWaitInAnyCaseOrAmongOtherPreferences() {
        assertThat(ActionAnswers.preference(List.of("respond-async")))
                .isEqualTo(new ActionAnswers.Preference(Duration.ZERO, true));
        assertThat(ActionAnswers.preference(List.of("return=minimal, Respond-Async; foo=bar")))
                .isEqualTo(new ActionAnswers.Preference(Duration.ZERO, true));
        assertThat(ActionAnswers.preference(List.of("return=minimal", "RESPOND-ASYNC")))
                .isEqualTo(new ActionAnswers.Preference(Duration.ZERO, true));
    }

    @Test
    void aWaitIsTakenInSecondsUpToTheDefault() {
        assertThat(ActionAnswers.preference(List.of("wait=2")))
                .isEqualTo(new ActionAnswers.Preference(Duration.ofSeconds(2), false));
        assertThat(ActionAnswers.preference(List.of("Wait = \"3\"")))
                .isEqualTo(new ActionAnswers.Preference(Duration.ofSeconds(3), false));
        assertThat(ActionAnswers.preference(List.of("wait=0")))
                .isEqualTo(new ActionAnswers.Preference(Duration.ZERO, false));
        assertThat(ActionAnswers.preference(List.of("wait=3600")))
                .isEqualTo(new ActionAnswers.Preference(ActionAnswers.DEFAULT_WAIT, false));
        assertThat(ActionAnswers.preference(List.of("wait=99999999999999999999999")))
                .isEqualTo(new ActionAnswers.Preference(ActionAnswers.DEFAULT_WAIT, false));
    }

    @Test
    void respondAsyncWithAWaitWaitsThatLong() {
        assertThat(ActionAnswers.preference(List.of("respond-async, wait=1")))
                .isEqualTo(new ActionAnswers.Preference(Duration.ofSeconds(1), true));
        assertThat(ActionAnswers.preference(List.of("wait=60", "respond-async")))
                .isEqualTo(new ActionAnswers.Preference(ActionAnswers.DEFAULT_WAIT, true));
    }

    @Test
    void ignoresAWaitItCannotReadAndLookalikes() {
        assertThat(ActionAnswers.preference(List.of("wait=soon", "wait=-1", "wait=1.5", "wait")))
                .isEqualTo(new ActionAnswers.Preference(ActionAnswers.DEFAULT_WAIT, false));
        assertThat(ActionAnswers.preference(List.of("respond-asynchronously", "x=respond-async", "waiting=1")))
                .isEqualTo(new ActionAnswers.Preference(ActionAnswers.DEFAULT_WAIT, false));
    }
}
