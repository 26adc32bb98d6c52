package io.tambat.application.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.LogCapture;
import io.tambat.application.testing.MutableClock;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.processing.FailedPayloadRetention;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import io.tambat.domain.port.out.retention.TimePartitionsPort.Records;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/**
 * Partitions are kept two weeks ahead, and a day of history or of the inbox goes once finished rows of that day
 * would.
 */
class PartitionMaintenanceTest {

    private static final Duration FINISHED_ROWS = Duration.ofDays(90);

    private final MutableClock clock = MutableClock.start();
    private final Partitions partitions = new Partitions();
    private final PartitionMaintenance maintenance = new PartitionMaintenance();

    PartitionMaintenanceTest() {
        maintenance.partitions = partitions;
        maintenance.settings = new ProcessingSettings(Duration.ofDays(7), Duration.ofDays(30),
                Duration.ofMinutes(10), FINISHED_ROWS, new FailedPayloadRetention(Optional.empty()));
        maintenance.clock = clock;
    }

    @Test
    void createsTheDaysAheadAndDropsTheDaysOfHistoryInboxAndTrailRetentionIsPast() {
        partitions.created = 2;
        partitions.dropping.add(Records.ATTEMPT_HISTORY);
        partitions.dropping.add(Records.INBOX_EVENTS);
        partitions.dropping.add(Records.MUTATION_TRAIL);

        int changed = maintenance.runBatch();

        assertThat(changed).isEqualTo(5);
        assertThat(partitions.through).containsExactly(clock.instant().plus(Duration.ofDays(14)));
        assertThat(partitions.widths).as("a twelfth of 90 days, in whole days").containsExactly(Duration.ofDays(8));
        Instant cutoff = clock.instant().minus(FINISHED_ROWS);
        assertThat(partitions.cutoffs).containsExactly(Map.entry(Records.ATTEMPT_HISTORY, cutoff),
                Map.entry(Records.INBOX_EVENTS, cutoff), Map.entry(Records.MUTATION_TRAIL, cutoff));
    }

    @Test
    void dropsADayOfHistoryWhileTheInboxKeepsItsDay() {
        partitions.dropping.add(Records.ATTEMPT_HISTORY);

        assertThat(maintenance.runBatch()).isEqualTo(1);
    }

    @Test
    void reportsNothingDoneWhenEveryPartitionIsThereAndNoneIsPastRetention() {
        assertThat(maintenance.runBatch()).isZero();
    }

    @Test
    void saysWhyATurnDidNotKeepThePartitionsAndLetsTheSchedulerTryAgain() {
        partitions.refusal = new StoreUnavailableException(
                "partition creation failed: org.postgresql.util.PSQLException 42501", null);

        try (LogCapture log = LogCapture.of(PartitionMaintenance.class)) {
            assertThatThrownBy(maintenance::runBatch).isSameAs(partitions.refusal);

            assertThat(log.messages(Level.WARNING)).singleElement().asString()
                    .contains("partitions by day not kept this turn").contains("42501");
        }
    }

    private static final class Partitions implements TimePartitionsPort {

        final List<Instant> through = new ArrayList<>();
        final List<Duration> widths = new ArrayList<>();
        final List<Map.Entry<Records, Instant>> cutoffs = new ArrayList<>();
        final Set<Records> dropping = EnumSet.noneOf(Records.class);
        int created;
        StoreUnavailableException refusal;

        @Override
        public int createThrough(Instant until, Duration width) {
            if (refusal != null) {
                throw refusal;
            }
            through.add(until);
            widths.add(width);
            return created;
        }

        @Override
        public boolean dropOldestBefore(Records records, Instant cutoff) {
            cutoffs.add(Map.entry(records, cutoff));
            return dropping.contains(records);
        }

        @Override
        public Optional<Instant> partitionsEnd() {
            return Optional.empty();
        }
    }
}
