package io.tambat.adapter.out.persistence.schema;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The server's partition maintenance through {@link TimePartitions}, on the schema it migrates: only an instance
 * that changes the schema ({@code tambat.db.migrate=auto}) creates and drops partitions; with {@code validate} or
 * {@code off} its database user may not, and the migration job does both ({@link OneOffMigration}).
 */
@ApplicationScoped
class PostgresTimePartitionsAdapter implements TimePartitionsPort {

    private static final Logger LOG = Logger.getLogger(PostgresTimePartitionsAdapter.class.getName());

    @Resource(lookup = "jdbc/tambatDS")
    DataSource dataSource;

    @Inject
    @ConfigProperty(name = "tambat.db.schema", defaultValue = "tambat")
    String schema;

    @Inject
    FlywaySchemaMigrator migrator;

    private final AtomicBoolean toldLeftToTheJob = new AtomicBoolean();

    @Override
    public int createThrough(Instant through, Duration width) {
        if (leftToTheJob()) {
            return 0;
        }
        try {
            return partitions().createThrough(through, width);
        } catch (SQLException e) {
            throw unavailable("partition creation", e);
        }
    }

    @Override
    public boolean dropOldestBefore(Records records, Instant cutoff) {
        if (leftToTheJob()) {
            return false;
        }
        try {
            return partitions().dropOldestBefore(records, cutoff).isPresent();
        } catch (SQLException e) {
            throw unavailable("partition drop", e);
        }
    }

    /** Read whatever the mode: an instance that leaves partitions to the job still shows when they run out. */
    @Override
    public Optional<Instant> partitionsEnd() {
        try {
            return partitions().coveredUntil();
        } catch (SQLException e) {
            throw unavailable("partition reading", e);
        }
    }

    private boolean leftToTheJob() {
        if (MigrationMode.AUTO.settingValue().equals(migrator.mode())) {
            return false;
        }
        if (toldLeftToTheJob.compareAndSet(false, true)) {
            LOG.info(() -> "partitions by day are created and dropped by the migration job (tambat-migrate), not by "
                    + "this instance (" + FlywaySchemaMigrator.MODE + "=" + migrator.mode() + ")");
        }
        return true;
    }

    private TimePartitions partitions() {
        return new TimePartitions(dataSource, schema);
    }

    private static StoreUnavailableException unavailable(String what, SQLException e) {
        return new StoreUnavailableException(what + " failed: " + e.getClass().getName() + " " + e.getSQLState(), e);
    }
}
