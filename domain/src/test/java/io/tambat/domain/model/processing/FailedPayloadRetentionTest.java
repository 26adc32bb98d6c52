package io.tambat.domain.model.processing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FailedPayloadRetentionTest {

    private static final Instant NOW = Instant.parse("2026-12-06T12:00:00Z");

    @Test
    void aRetentionLosesPayloadsReceivedBeforeItsStartAndWarnsAWeekAhead() {
        FailedPayloadRetention thirtyDays = new FailedPayloadRetention(Optional.of(Duration.ofDays(30)));

        assertThat(thirtyDays.lostBefore(NOW)).contains(NOW.minus(Duration.ofDays(30)));
        assertThat(thirtyDays.losingSoonBefore(NOW)).contains(NOW.minus(Duration.ofDays(23)));
    }

    @Test
    void withoutOneAFailedEventKeepsItsPayloadAndNothingIsAboutToLoseIt() {
        FailedPayloadRetention forever = new FailedPayloadRetention(Optional.empty());

        assertThat(forever.lostBefore(NOW)).isEmpty();
        assertThat(forever.losingSoonBefore(NOW)).isEmpty();
    }
}
