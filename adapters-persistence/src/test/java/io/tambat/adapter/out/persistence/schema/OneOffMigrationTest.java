package io.tambat.adapter.out.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.domain.port.out.retention.TimePartitionsPort;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.flywaydb.core.api.MigrationInfoService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The migration {@code tambat-migrate} runs, called as its main method calls it, on PostgreSQL: on a schema of its
 * own, dropped before and after each test.
 */
class OneOffMigrationTest {

    private static final String SCHEMA = "tambat_one_off_test";

    @RegisterExtension
    final ScratchSchema scratch = new ScratchSchema(SCHEMA);
    private final PGSimpleDataSource dataSource = scratch.dataSource;
    /** The history of a new schema is younger than any retention. */
    private static final String NOTHING_DROPPED = "attempt history stamped before \\S+: 0 partition\\(s\\) dropped\\R"
            + "inbox events stamped before \\S+: 0 partition\\(s\\) dropped\\R"
            + "mutation trail stamped before \\S+: 0 partition\\(s\\) dropped\\R$";

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void bringsAnEmptySchemaToThisReleasesLastVersionAndSaysWhatItApplied() throws Exception {
        assertThat(run(dataSource)).isTrue();

        MigrationInfoService info = FlywaySchema.migration(dataSource, SCHEMA).info();
        String last = info.current().getVersion().getVersion();
        assertThat(info.pending()).isEmpty();
        assertThat(new FlywaySchema(dataSource, SCHEMA, Clock.systemUTC(), Duration.ofDays(1)).validate())
                .as("what validate mode then finds").isEmpty();
        assertThat(printed(out)).startsWith("schema " + SCHEMA + " migrated to version " + last + ", applying:\n")
                .contains("\n  1 webhook inbox\n").contains("\n  " + last + " " + info.current().getDescription()
                        + System.lineSeparator())
                .contains(partitions(3)).containsPattern(NOTHING_DROPPED);
        assertThat(printed(err)).isEmpty();
    }

    @Test
    void appliesNothingTheSecondTime() {
        run(dataSource);
        out.reset();

        assertThat(run(dataSource)).isTrue();

        String last = FlywaySchema.migration(dataSource, SCHEMA).info().current().getVersion().getVersion();
        assertThat(printed(out)).startsWith("schema " + SCHEMA + " is at version " + last + ": nothing to apply"
                + System.lineSeparator() + partitions(0)).containsPattern(NOTHING_DROPPED);
    }

    /**
     * What it says of the partitions it created through two weeks ahead: on a new schema, one of 8 days (a twelfth
     * of the 90 days kept) each of the history, the inbox and the trail from the seventh day from today, when the
     * partition of every time before ends.
     */
    private static String partitions(int created) {
        return "partitions of 8 day(s) through " + LocalDate.now(ZoneOffset.UTC).plusDays(TimePartitionsPort.AHEAD
                .toDays()) + " (UTC): " + created + " created" + System.lineSeparator();
    }

    @Test
    void failsSayingWhyWhenTheDatabaseDoesNotAnswer() {
        PGSimpleDataSource nobody = new PGSimpleDataSource();
        nobody.setServerNames(new String[] {"127.0.0.1"});
        nobody.setPortNumbers(new int[] {1});
        nobody.setDatabaseName("tambat_test");

        assertThat(run(nobody)).isFalse();

        assertThat(printed(err)).startsWith("migration of schema " + SCHEMA + " failed: ");
        assertThat(printed(out)).isEmpty();
    }

    private boolean run(PGSimpleDataSource database) {
        return OneOffMigration.run(database, SCHEMA, Duration.ofDays(90), new PrintStream(out, true,
                StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static String printed(ByteArrayOutputStream stream) {
        return stream.toString(StandardCharsets.UTF_8);
    }
}
