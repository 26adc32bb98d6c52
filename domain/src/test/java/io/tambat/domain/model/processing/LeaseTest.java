package io.tambat.domain.model.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseTest {

    private final RetryPolicy twoAttempts = new RetryPolicy(2, Duration.ofSeconds(1), Duration.ofSeconds(10));

    @Test
    void endsAnItemWhoseLastAllowedAttemptWasLost() {
        assertThat(new Lease(3, true).endsLost(twoAttempts)).isTrue();
    }

    @Test
    void triesAgainWhileLostAttemptsRemainWithinThePolicy() {
        assertThat(new Lease(2, true).endsLost(twoAttempts)).isFalse();
    }

    @Test
    void neverEndsAnItemWhosePreviousAttemptEndedNormally() {
        // A redriven row keeps its attempt count: its next lease is not a takeover and gets its attempt.
        assertThat(new Lease(11, false).endsLost(twoAttempts)).isFalse();
    }

    @Test
    void countsAttemptsFromOne() {
        assertThatThrownBy(() -> new Lease(0, false)).isInstanceOf(IllegalArgumentException.class);
    }
}
