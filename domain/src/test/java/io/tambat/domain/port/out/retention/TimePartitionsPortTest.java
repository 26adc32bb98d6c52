package io.tambat.domain.port.out.retention;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TimePartitionsPortTest {

    @Test
    void aPartitionCoversATwelfthOfTheWindowInWholeDaysAndAtLeastOne() {
        assertThat(TimePartitionsPort.width(Duration.ofDays(90))).isEqualTo(Duration.ofDays(8));
        assertThat(TimePartitionsPort.width(Duration.ofDays(36))).isEqualTo(Duration.ofDays(3));
        assertThat(TimePartitionsPort.width(Duration.ofDays(36).plusSeconds(1))).isEqualTo(Duration.ofDays(4));
        assertThat(TimePartitionsPort.width(Duration.ofDays(365))).isEqualTo(Duration.ofDays(31));
        assertThat(TimePartitionsPort.width(Duration.ofDays(7))).isEqualTo(Duration.ofDays(1));
        assertThat(TimePartitionsPort.width(Duration.ofHours(6))).isEqualTo(Duration.ofDays(1));
    }

    @Test
    void aTableKeepsAboutADozenPartitionsOfItsWindowWhateverItsLength() {
        for (int days : new int[] {12, 30, 90, 365, 3650}) {
            Duration width = TimePartitionsPort.width(Duration.ofDays(days));
            long partitionsOfTheWindow = (days + width.toDays() - 1) / width.toDays();
            assertThat(partitionsOfTheWindow).as("%d days", days).isBetween(10L, 12L);
        }
    }
}
