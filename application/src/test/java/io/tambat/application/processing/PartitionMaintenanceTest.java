package io.tambat.application.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.LogCapture;
import io.tambat.application.testing.MutableClock;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.processing.FailedPayloadRetention;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

/** Partitions are kept two weeks ahead, and a day of history goes once finished rows of that day would. */
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
    void createsTheDaysAheadAndDropsTheHistoryRetentionIsPast() {
        partitions.created = 2;
        partitions.dropped = true;

        int changed = maintenance.runBatch();

        assertThat(changed).isEqualTo(3);
        assertThat(partitions.through).containsExactly(clock.instant().plus(Duration.ofDays(14)));
        assertThat(partitions.cutoffs).containsExactly(clock.instant().minus(FINISHED_ROWS));
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
        final List<Instant> cutoffs = new ArrayList<>();
        int created;
        boolean dropped;
        StoreUnavailableException refusal;

        @Override
        public int createThrough(Instant until) {
            if (refusal != null) {
                throw refusal;
            }
            through.add(until);
            return created;
        }

        @Override
        public boolean dropOldestBefore(Records records, Instant cutoff) {
            assertThat(records).isEqualTo(Records.ATTEMPT_HISTORY);
            cutoffs.add(cutoff);
            return dropped;
        }

        @Override
        public Optional<Instant> partitionsEnd() {
            return Optional.empty();
        }
    }
}
