package io.tambat.adapter.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.error.StoreUnavailableException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One database reading shared by the gauges of a scrape, whether it succeeded or failed. */
class CachedReadingTest {

    private final SettableClock clock = new SettableClock(Instant.parse("2026-03-01T12:00:00Z"));
    private final Deque<Optional<Long>> answers = new ArrayDeque<>();
    private int attempts;
    private final CachedReading<Long> reading = new CachedReading<>(clock, now -> {
        attempts++;
        return answers.removeFirst().orElseThrow(() -> new StoreUnavailableException("inbox statistics failed", null));
    });

    @Test
    void readsOnceForEveryGaugeOfAScrapeAndAgainOnceTheReadingIsAFewSecondsOld() {
        answers.add(Optional.of(7L));
        answers.add(Optional.of(9L));

        assertThat(reading.current()).contains(7L);
        clock.advance(Duration.ofSeconds(5));
        assertThat(reading.current()).contains(7L);
        clock.advance(Duration.ofMillis(1));
        assertThat(reading.current()).contains(9L);
        assertThat(attempts).isEqualTo(2);
    }

    @Test
    void aFailedReadingIsEmptyAndNotTriedAgainByEachGaugeOfTheSameScrape() {
        answers.add(Optional.of(7L));
        answers.add(Optional.empty());
        answers.add(Optional.of(11L));
        reading.current();
        clock.advance(Duration.ofSeconds(6));

        assertThat(reading.current()).as("no stale value while the database cannot answer").isEmpty();
        assertThat(reading.current()).isEmpty();
        assertThat(attempts).as("one attempt while the database hangs, however many gauges read it").isEqualTo(2);

        clock.advance(Duration.ofSeconds(6));
        assertThat(reading.current()).contains(11L);
    }

    @Test
    void theFirstReadingFailingLeavesTheGaugesEmptyUntilALaterOneSucceeds() {
        answers.add(Optional.empty());
        answers.add(Optional.of(3L));

        assertThat(reading.current()).isEmpty();
        clock.advance(Duration.ofSeconds(6));
        assertThat(reading.current()).contains(3L);
    }

    @Test
    void saysHowFarBoundedCountsGoInTheGaugesHelp() {
        assertThat(CachedReading.COUNTED_UP_TO).isEqualTo(" (counted up to 100,000)");
    }

    private static final class SettableClock extends Clock {
        private Instant now;

        SettableClock(Instant start) {
            now = start;
        }

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }
}
