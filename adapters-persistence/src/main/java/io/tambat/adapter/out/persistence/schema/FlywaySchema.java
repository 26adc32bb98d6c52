package io.tambat.adapter.out.persistence.schema;

import io.tambat.domain.port.out.retention.TimePartitionsPort;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Optional;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.ValidateResult;
import org.flywaydb.database.postgresql.PostgreSQLConfigurationExtension;

/**
 * The schema's operations on PostgreSQL through this module's migrations, and the one Flyway configuration that
 * runs them ({@link #migration}), whether a server or the one-off job does: free of the container's types, so that
 * the job runs on a bare JVM.
 */
public final class FlywaySchema implements SchemaOperations {

    /**
     * How far ahead an instance that may not create partitions needs them at start: a day, the least that lets the
     * migration job, run at least weekly, come before a row finds none.
     */
    static final Duration PARTITIONS_NEEDED_AHEAD = Duration.ofDays(1);

    private final DataSource dataSource;
    private final String schema;
    private final Clock clock;
    private final Duration partitionWidth;

    /** {@code partitionWidth}: how long a time each partition created covers ({@link TimePartitionsPort#width}). */
    FlywaySchema(DataSource dataSource, String schema, Clock clock, Duration partitionWidth) {
        this.dataSource = dataSource;
        this.schema = schema;
        this.clock = clock;
        this.partitionWidth = partitionWidth;
    }

    /**
     * The schema's migration: this module's versioned scripts, into {@code schema}, created if missing. Flyway
     * holds its lock on PostgreSQL for the session rather than in a transaction it keeps open, which a
     * {@code CREATE INDEX CONCURRENTLY} would wait for without end: indexes on the inbox are built so, while the
     * release before goes on writing it.
     */
    public static Flyway migration(DataSource dataSource, String schema) {
        FluentConfiguration configuration = Flyway.configure(FlywaySchema.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .schemas(schema)
                .defaultSchema(schema)
                .createSchemas(true);
        configuration.getConfigurationExtension(PostgreSQLConfigurationExtension.class).setTransactionalLock(false);
        return configuration.load();
    }

    /** Applies the pending migrations, then creates the partitions of the days ahead ({@link TimePartitionsPort#AHEAD}). */
    @Override
    public void migrate() throws SQLException {
        migration(dataSource, schema).migrate();
        new TimePartitions(dataSource, schema).createThrough(clock.instant().plus(TimePartitionsPort.AHEAD),
                partitionWidth);
    }

    /**
     * Flyway's validation, which reads the schema history and creates nothing (only {@code migrate()} creates the
     * schema): a missing schema, a migration not applied, or an applied one whose checksum differs fails it, and
     * a later release's migrations do not (Flyway ignores "future" migrations by default).
     */
    @Override
    public Optional<SchemaMismatch> validate() throws SQLException {
        Flyway flyway = migration(dataSource, schema);
        ValidateResult result = flyway.validateWithResult();
        if (result.validationSuccessful) {
            Instant needed = clock.instant().plus(PARTITIONS_NEEDED_AHEAD);
            Optional<Instant> end = new TimePartitions(dataSource, schema).coveredUntil();
            return end.filter(covered -> !covered.isBefore(needed)).isPresent() ? Optional.empty()
                    : Optional.of(SchemaMismatch.partitionsEndAt(version(flyway.info().current()),
                            end.orElse(Instant.EPOCH)));
        }
        MigrationInfoService info = flyway.info();
        return Optional.of(new SchemaMismatch(version(info.current()), lastOfThisRelease(info),
                result.getAllErrorMessages()));
    }

    @Override
    public void ping() throws SQLException {
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("SELECT 1");
        }
    }

    private static String version(MigrationInfo migration) {
        return migration == null || migration.getVersion() == null ? null : migration.getVersion().getVersion();
    }

    /** The version of the last migration this release holds, applied or not. */
    private static String lastOfThisRelease(MigrationInfoService info) {
        return Arrays.stream(info.all())
                .filter(migration -> migration.isVersioned() && migration.getState().isResolved())
                .map(MigrationInfo::getVersion)
                .max(Comparator.naturalOrder())
                .map(MigrationVersion::getVersion)
                .orElse("none");
    }
}
