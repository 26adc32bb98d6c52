package io.tambat.domain.model.processing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private final RetryPolicy policy = new RetryPolicy(10, Duration.ofSeconds(1), Duration.ofMinutes(10));
    private final Instant now = Instant.parse("2026-11-29T10:00:00Z");

    @Test
    void doublesTheCeilingPerAttemptWithJitterBetweenHalfAndAll() {
        assertThat(policy.nextAttempt(1, now, () -> 0.0)).isEqualTo(now.plusMillis(500));
        assertThat(policy.nextAttempt(1, now, () -> 0.999_999)).isBefore(now.plusSeconds(1).plusMillis(1));
        assertThat(policy.nextAttempt(4, now, () -> 0.0)).isEqualTo(now.plusSeconds(4));
    }

    @Test
    void neverWaitsLongerThanTheMaximumHoweverManyAttempts() {
        assertThat(policy.nextAttempt(60, now, () -> 0.999_999)).isBeforeOrEqualTo(now.plus(Duration.ofMinutes(10)));
        assertThat(policy.nextAttempt(60, now, () -> 0.0)).isEqualTo(now.plus(Duration.ofMinutes(5)));
    }

    @Test
    void allowsAttemptsUpToTheMaximum() {
        assertThat(policy.allowsAnotherAttempt(9)).isTrue();
        assertThat(policy.allowsAnotherAttempt(10)).isFalse();
    }
}
