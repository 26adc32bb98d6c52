package io.tambat.adapter.out.persistence.schema;

import io.tambat.domain.port.out.retention.TimePartitionsPort.Records;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The schema's migration run once, outside any server: what {@code tambat-migrate} (module {@code migrate}) runs
 * before instances that start with {@code tambat.db.migrate} {@code validate} or {@code off}. The same migrations
 * as an instance in {@code auto} applies, with the same Flyway configuration
 * ({@link FlywaySchema#migration}), so either way a schema ends in the same state.
 */
public final class OneOffMigration {

    private OneOffMigration() {
    }

    /**
     * Applies this release's pending migrations to {@code schema}, creating it if missing. Says on {@code out} what
     * it applied, and on {@code err} why it failed: for a refused statement, the statement, its script and line
     * and PostgreSQL's message. Then creates the partitions of the days ahead ({@link TimePartitionsPort#AHEAD}) and
     * drops the days of attempt history older than {@code historyKept}, and the days of the inbox retention emptied,
     * which instances that do not change the
     * schema ({@code tambat.db.migrate} {@code validate} or {@code off}) leave to it: such a deployment runs it at
     * least weekly. Running it again applies nothing, and creates only the days that came into reach.
     *
     * @return true when the schema holds every migration of this release
     */
    public static boolean run(DataSource dataSource, String schema, Duration historyKept, PrintStream out,
            PrintStream err) {
        MigrateResult result;
        try {
            result = FlywaySchema.migration(dataSource, schema).migrate();
        } catch (RuntimeException e) {
            err.println("migration of schema " + schema + " failed"
                    + FailedMigration.in(e).map(refused -> " at " + refused.describe()).orElseGet(() -> ": " + e));
            return false;
        }
        out.println(report(schema, result));
        Instant now = Instant.now();
        Instant through = now.plus(TimePartitionsPort.AHEAD);
        TimePartitions partitions = new TimePartitions(dataSource, schema);
        try {
            Duration width = TimePartitionsPort.width(historyKept);
            int created = partitions.createThrough(through, width);
            out.println("partitions of " + width.toDays() + " day(s) through " + LocalDate.ofInstant(through,
                    ZoneOffset.UTC) + " (UTC): " + created + " created");
            Instant cutoff = now.minus(historyKept);
            for (Records records : Records.values()) {
                int dropped = 0;
                while (partitions.dropOldestBefore(records, cutoff).isPresent()) {
                    dropped++;
                }
                out.println(records.description() + " stamped before " + cutoff + ": " + dropped
                        + " partition(s) dropped");
            }
        } catch (SQLException e) {
            err.println("partitions of schema " + schema + " not kept: " + e.getMessage());
            return false;
        }
        return true;
    }

    /** One line, then one line per migration applied: a deployment's log keeps what each release changed. */
    private static String report(String schema, MigrateResult result) {
        if (result.migrations.isEmpty()) {
            return "schema " + schema + " is at version " + result.initialSchemaVersion + ": nothing to apply";
        }
        String from = result.initialSchemaVersion == null ? "" : " from version " + result.initialSchemaVersion;
        return "schema " + schema + " migrated" + from + " to version " + result.targetSchemaVersion + ", applying:"
                + result.migrations.stream()
                        .map(migration -> "\n  " + migration.version + " " + migration.description)
                        .collect(Collectors.joining());
    }
}
