package io.tambat.adapter.out.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * What each mode's operation does to a schema on PostgreSQL ({@link FlywaySchema}): validation changes nothing and
 * tells the version found from the version needed; migration brings a schema to this release. On a schema of its
 * own, dropped before and after each test.
 */
class FlywaySchemaTest {

    private static final String SCHEMA = "tambat_migrate_test";

    @RegisterExtension
    final ScratchSchema scratch = new ScratchSchema(SCHEMA);
    private final PGSimpleDataSource dataSource = scratch.dataSource;
    private final FlywaySchema schema = new FlywaySchema(dataSource, SCHEMA, Clock.systemUTC(), Duration.ofDays(1));

    @Test
    void validationRefusesASchemaWhosePartitionsByDayEndWithinTheNextDay() throws Exception {
        FlywaySchema.migration(dataSource, SCHEMA).migrate();
        Instant firstEnds = new TimePartitions(dataSource, SCHEMA).coveredUntil().orElseThrow();
        FlywaySchema aWeekLater = new FlywaySchema(dataSource, SCHEMA,
                Clock.offset(Clock.systemUTC(), Duration.ofDays(7)), Duration.ofDays(1));

        Optional<SchemaMismatch> mismatch = aWeekLater.validate();

        assertThat(schema.validate()).as("today, its first partition reaches far enough").isEmpty();
        assertThat(mismatch).hasValueSatisfying(found -> {
            assertThat(found.partitionsEnd()).contains(firstEnds);
            assertThat(found.summary()).isEqualTo("at version " + lastVersionOfThisRelease()
                    + ", its partitions by day ending at " + firstEnds);
        });
        aWeekLater.migrate();
        assertThat(aWeekLater.validate()).as("once the job created the days ahead").isEmpty();
    }

    @Test
    void validationOfAnEmptySchemaReportsItNotMigratedAndCreatesNothing() throws Exception {
        Optional<SchemaMismatch> mismatch = schema.validate();

        assertThat(mismatch).isPresent();
        assertThat(mismatch.get().summary()).isEqualTo("not migrated");
        assertThat(mismatch.get().found()).isNull();
        assertThat(mismatch.get().needed()).isEqualTo(lastVersionOfThisRelease());
        assertThat(ContractDatabase.query(dataSource,
                "SELECT schema_name FROM information_schema.schemata WHERE schema_name = ?", String.class, SCHEMA))
                .as("validation created no schema").isEmpty();
    }

    @Test
    void validationPassesOnceTheSchemaIsMigrated() throws Exception {
        schema.migrate();

        assertThat(schema.validate()).isEmpty();
    }

    @Test
    void validationOfASchemaBehindNamesTheVersionFoundAndTheVersionNeeded() throws Exception {
        String last = lastVersionOfThisRelease();
        Flyway.configure(FlywaySchema.class.getClassLoader())
                .configuration(FlywaySchema.migration(dataSource, SCHEMA).getConfiguration())
                .target("23").load().migrate();

        Optional<SchemaMismatch> mismatch = schema.validate();

        assertThat(mismatch).isPresent();
        assertThat(mismatch.get().found()).isEqualTo("23");
        assertThat(mismatch.get().summary()).isEqualTo("at version 23, this release needs " + last);
        assertThat(ContractDatabase.query(dataSource,
                "SELECT count(*) FROM flyway_schema_history WHERE success AND version IS NOT NULL", Long.class))
                .as("validation applied nothing").containsExactly(23L);
    }

    @Test
    void validationAcceptsALaterReleasesMigrationsWhichThisReleaseRunsBeside() throws Exception {
        schema.migrate();
        ContractDatabase.update(dataSource, """
                INSERT INTO flyway_schema_history (installed_rank, version, description, type, script, checksum,
                    installed_by, execution_time, success)
                SELECT max(installed_rank) + 1, '9999', 'a later release', 'SQL', 'V9999__a_later_release.sql', 0,
                    current_user, 0, true
                FROM flyway_schema_history""");

        assertThat(schema.validate()).isEmpty();
    }

    @Test
    void validationRefusesAnAppliedMigrationThatDiffersFromThisReleasesScript() throws Exception {
        schema.migrate();
        ContractDatabase.update(dataSource,
                "UPDATE flyway_schema_history SET checksum = checksum # 1 WHERE version = '1'");

        Optional<SchemaMismatch> mismatch = schema.validate();

        assertThat(mismatch).isPresent();
        assertThat(mismatch.get().summary()).isEqualTo("at version " + lastVersionOfThisRelease()
                + ", but its migrations differ from this release's");
        assertThat(mismatch.get().problems()).containsIgnoringCase("checksum");
    }

    @Test
    void aPingNeedsNoSchema() throws Exception {
        schema.ping();

        assertThat(ContractDatabase.query(dataSource,
                "SELECT schema_name FROM information_schema.schemata WHERE schema_name = ?", String.class, SCHEMA))
                .isEmpty();
    }

    /** Read from the scripts, so that a new migration does not change the test. */
    private String lastVersionOfThisRelease() {
        MigrationInfo[] all = FlywaySchema.migration(dataSource, SCHEMA).info().all();
        return all[all.length - 1].getVersion().getVersion();
    }
}
