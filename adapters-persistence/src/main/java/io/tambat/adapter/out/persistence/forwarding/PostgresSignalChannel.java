package io.tambat.adapter.out.persistence.forwarding;

import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.port.out.forwarding.DeliverySignalsPort;
import jakarta.persistence.PersistenceException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * One instance's channel: a pooled connection held open, in auto-commit, listening on a channel named after
 * the schema (so that deployments sharing a database do not wake each other). An announcement is a
 * {@code NOTIFY} in a transaction of its own, after the deliveries' commit: in the recording transaction it
 * would take PostgreSQL's notification lock, which serializes the commits of every notifying transaction,
 * ingest's included, through their flush to disk.
 */
final class PostgresSignalChannel implements DeliverySignalsPort.Channel {

    private static final String PREFIX = "tambat_deliveries.";

    private final Connection connection;
    private final PGConnection listening;
    private final String channel;
    private final int ownProcess;

    private PostgresSignalChannel(Connection connection, PGConnection listening, String channel, int ownProcess) {
        this.connection = connection;
        this.listening = listening;
        this.channel = channel;
        this.ownProcess = ownProcess;
    }

    static PostgresSignalChannel listening(DataSource dataSource) {
        Connection connection = null;
        try {
            connection = dataSource.getConnection();
            connection.setAutoCommit(true);
            PGConnection listening = connection.unwrap(PGConnection.class);
            String channel = PREFIX + schema(connection);
            try (Statement listen = connection.createStatement()) {
                listen.execute("LISTEN \"" + channel.replace("\"", "\"\"") + "\"");
            }
            return new PostgresSignalChannel(connection, listening, channel, listening.getBackendPID());
        } catch (SQLException | RuntimeException e) {
            closeQuietly(connection);
            throw StorageCalls.translate("delivery signals", new PersistenceException(e));
        }
    }

    /** What it tells is lost with a crash anyway: its commit does not wait for the disk. */
    @Override
    public void announce() {
        try (PreparedStatement notify = connection.prepareStatement(
                "SELECT pg_notify(?, ''), set_config('synchronous_commit', 'off', true)")) {
            notify.setString(1, channel);
            notify.execute();
        } catch (SQLException e) {
            throw StorageCalls.translate("delivery signals", new PersistenceException(e));
        }
    }

    @Override
    public boolean othersAnnounced(Duration wait) {
        try {
            // Zero would wait for ever.
            PGNotification[] heard = listening.getNotifications((int) Math.max(1, wait.toMillis()));
            if (heard == null) {
                return false;
            }
            for (PGNotification notification : heard) {
                if (notification.getPID() != ownProcess) {
                    return true;
                }
            }
            return false;
        } catch (SQLException e) {
            throw StorageCalls.translate("delivery signals", new PersistenceException(e));
        }
    }

    /** The connection goes back to the pool: it must not go on collecting notifications there. */
    @Override
    public void close() {
        try (Statement unlisten = connection.createStatement()) {
            unlisten.execute("UNLISTEN *");
        } catch (SQLException e) {
            // A broken connection listens no more; the pool discards it.
        }
        closeQuietly(connection);
    }

    private static String schema(Connection connection) throws SQLException {
        try (Statement query = connection.createStatement();
                ResultSet row = query.executeQuery("SELECT current_schema()")) {
            row.next();
            return row.getString(1);
        }
    }

    /** A broken connection may refuse to close; the pool discards it either way. */
    private static void closeQuietly(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException e) {
            // Nothing left to release.
        }
    }
}
