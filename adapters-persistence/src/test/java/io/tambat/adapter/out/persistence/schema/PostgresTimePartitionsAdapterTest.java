package io.tambat.adapter.out.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.port.out.retention.TimePartitionsPort.Records;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Only an instance that changes the schema keeps its partitions; the others leave them to the migration job. */
class PostgresTimePartitionsAdapterTest {

    private static final String SCHEMA = "tambat_partition_keeper";

    @RegisterExtension
    final ScratchSchema scratch = new ScratchSchema(SCHEMA);
    private final TimePartitions partitions = new TimePartitions(scratch.dataSource, SCHEMA);

    @Test
    void anInstanceThatMigratesCreatesTheDaysAheadAndDropsTheDaysPastRetention() throws Exception {
        FlywaySchema.migration(scratch.dataSource, SCHEMA).migrate();
        PostgresTimePartitionsAdapter adapter = adapter("auto");
        Instant firstEnds = partitions.coveredUntil().orElseThrow();

        int created = adapter.createThrough(firstEnds.plus(Duration.ofDays(2)), Duration.ofDays(1));

        assertThat(created).as("three days of the history, the inbox and the trail").isEqualTo(9);
        assertThat(adapter.dropOldestBefore(Records.ATTEMPT_HISTORY, firstEnds)).isTrue();
        assertThat(partitions.partitions(Records.ATTEMPT_HISTORY)).hasSize(3);
    }

    @Test
    void anInstanceThatDoesNotMigrateLeavesThemToTheJob() throws Exception {
        FlywaySchema.migration(scratch.dataSource, SCHEMA).migrate();
        Instant firstEnds = partitions.coveredUntil().orElseThrow();

        for (String mode : new String[] {"validate", "off"}) {
            PostgresTimePartitionsAdapter adapter = adapter(mode);

            assertThat(adapter.createThrough(firstEnds.plus(Duration.ofDays(2)), Duration.ofDays(1))).as(mode).isZero();
            assertThat(adapter.dropOldestBefore(Records.ATTEMPT_HISTORY, firstEnds)).as(mode).isFalse();
            assertThat(partitions.partitions(Records.ATTEMPT_HISTORY)).as(mode).hasSize(1);
        }
    }

    private PostgresTimePartitionsAdapter adapter(String mode) {
        FlywaySchemaMigrator migrator = new FlywaySchemaMigrator();
        migrator.modeSetting = mode;
        migrator.readMode();
        PostgresTimePartitionsAdapter adapter = new PostgresTimePartitionsAdapter();
        adapter.dataSource = scratch.dataSource;
        adapter.schema = SCHEMA;
        adapter.migrator = migrator;
        return adapter;
    }
}
