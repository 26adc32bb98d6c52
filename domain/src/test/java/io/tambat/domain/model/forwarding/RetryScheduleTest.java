package io.tambat.domain.model.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    private static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");
    private final RetrySchedule schedule = new RetrySchedule(List.of(Duration.ofSeconds(5), Duration.ofMinutes(30),
            Duration.ofMinutes(5)));

    @Test
    void waitsTheScheduledDurationPlusAtMostAFifth() {
        assertThat(schedule.nextAttempt(1, NOW, Optional.empty(), () -> 0.0)).contains(NOW.plusSeconds(5));
        assertThat(schedule.nextAttempt(2, NOW, Optional.empty(), () -> 0.999_999)).hasValueSatisfying(
                next -> assertThat(next).isBefore(NOW.plus(Duration.ofMinutes(36))));
    }

    @Test
    void waitsAtLeastWhatTheDestinationAsked() {
        assertThat(schedule.nextAttempt(1, NOW, Optional.of(Duration.ofMinutes(2)), () -> 0.0))
                .contains(NOW.plus(Duration.ofMinutes(2)));
        assertThat(schedule.nextAttempt(2, NOW, Optional.of(Duration.ofSeconds(1)), () -> 0.0))
                .as("never sooner than scheduled").contains(NOW.plus(Duration.ofMinutes(30)));
    }

    @Test
    void capsWhatTheDestinationAskedAtTheLongestWaitOfTheSchedule() {
        Duration thirtyOneYears = Duration.ofSeconds(999_999_999);

        assertThat(schedule.nextAttempt(1, NOW, Optional.of(thirtyOneYears), () -> 0.0))
                .contains(NOW.plus(Duration.ofMinutes(30)));
        assertThat(schedule.nextAttempt(3, NOW, Optional.of(thirtyOneYears), () -> 0.0))
                .contains(NOW.plus(Duration.ofMinutes(30)));
        assertThat(schedule.nextAttempt(4, NOW, Optional.of(thirtyOneYears), () -> 0.0))
                .as("past the last attempt it is FAILED as usual").isEmpty();
    }

    @Test
    void probesAFailingDestinationFurtherApartUpToTheLongestWait() {
        assertThat(schedule.probeInterval(0)).isEqualTo(Duration.ofSeconds(5));
        assertThat(schedule.probeInterval(1)).isEqualTo(Duration.ofSeconds(10));
        assertThat(schedule.probeInterval(3)).isEqualTo(Duration.ofSeconds(40));
        assertThat(schedule.probeInterval(9)).isEqualTo(Duration.ofMinutes(30));
        assertThat(schedule.probeInterval(1_000)).isEqualTo(Duration.ofMinutes(30));
    }
}
