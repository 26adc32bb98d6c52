package io.tambat.adapter.out.persistence.schema;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.time.Instant;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The server's partition maintenance through {@link TimePartitions}, on the schema it migrates. */
@ApplicationScoped
class PostgresTimePartitionsAdapter implements TimePartitionsPort {

    @Resource(lookup = "jdbc/tambatDS")
    DataSource dataSource;

    @Inject
    @ConfigProperty(name = "tambat.db.schema", defaultValue = "tambat")
    String schema;

    @Override
    public int createThrough(Instant through) {
        try {
            return partitions().createThrough(through);
        } catch (SQLException e) {
            throw unavailable("partition creation", e);
        }
    }

    @Override
    public boolean dropOldestBefore(Records records, Instant cutoff) {
        try {
            return partitions().dropOldestBefore(records, cutoff).isPresent();
        } catch (SQLException e) {
            throw unavailable("partition drop", e);
        }
    }

    private TimePartitions partitions() {
        return new TimePartitions(dataSource, schema);
    }

    private static StoreUnavailableException unavailable(String what, SQLException e) {
        return new StoreUnavailableException(what + " failed: " + e.getClass().getName() + " " + e.getSQLState(), e);
    }
}
