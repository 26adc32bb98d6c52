package io.tambat.adapter.out.persistence.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A statement planned for its values is planned by PostgreSQL at every run, never kept prepared on the server with
 * a plan for any values, however often it runs; a statement bound as usual is kept prepared after a few runs.
 */
@ExtendWith(ContractDatabaseExtension.class)
class EnlistedConnectionTest {

    private static final String LOOK = "SELECT count(*) FROM webhook_inbox WHERE provider = ?";
    private static final int RUNS = 10;

    EnlistedConnectionTest(ContractDatabase database) {
        // Migrated by the extension: the statement reads the inbox.
    }

    @Test
    void aStatementPlannedForItsValuesIsNeverKeptPreparedOnTheServer() throws SQLException {
        try (Connection connection = ContractDatabase.dataSource(ContractDatabase.SCHEMA).getConnection()) {
            runOften(connection, EnlistedConnection.plannedForItsValues(
                    (on, statement) -> statement.setString(1, "stripe")));
            assertThat(keptPrepared(connection)).isZero();

            runOften(connection, (on, statement) -> statement.setString(1, "stripe"));
            assertThat(keptPrepared(connection)).as("as the driver keeps any other").isEqualTo(1);
        }
    }

    private static void runOften(Connection connection, EnlistedConnection.Binder binder) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(LOOK)) {
            for (int run = 0; run < RUNS; run++) {
                binder.bind(connection, statement);
                statement.executeQuery().close();
            }
        }
    }

    /** The look's statements this connection's session keeps prepared on the server. */
    private static int keptPrepared(Connection connection) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT count(*) FROM pg_prepared_statements WHERE statement = ?")) {
            statement.setString(1, LOOK.replace("?", "$1"));
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }
}
