package io.tambat.application.identity;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.testing.MutableClock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TimeOrderedIdsTest {

    private final MutableClock clock = MutableClock.start();
    private final TimeOrderedIds ids = new TimeOrderedIds(clock);

    @Test
    void isAVersion7UuidCarryingTheClocksMillisecond() {
        UUID id = ids.next();

        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        assertThat(id.getMostSignificantBits() >>> 16).isEqualTo(clock.millis());
    }

    @Test
    void idsOfLaterMillisecondsSortAfterEarlierOnesAsPostgreSqlComparesThem() {
        UUID earlier = ids.next();
        clock.advance(Duration.ofMillis(1));
        UUID later = ids.next();

        // PostgreSQL orders uuid values by their bytes, unsigned: the text form compares the same way
        assertThat(later.toString()).isGreaterThan(earlier.toString());
    }

    @Test
    void idsOfTheSameMillisecondDifferInTheirRandomBits() {
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            seen.add(ids.next());
        }

        assertThat(seen).hasSize(10_000);
    }
}
