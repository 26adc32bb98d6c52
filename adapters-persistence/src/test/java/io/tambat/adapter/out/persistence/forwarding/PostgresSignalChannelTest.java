package io.tambat.adapter.out.persistence.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two instances' channels on a real PostgreSQL, and a third deployment's in another schema of the database. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresSignalChannelTest {

    private static final String OTHER_SCHEMA = "tambat_contract_signals";
    private static final Duration HEARING = Duration.ofSeconds(2);
    private static final Duration SILENCE = Duration.ofMillis(300);

    @Test
    void anotherInstanceHearsAnAnnouncementOnceItsOwnIsNotCountedAndNothingIsHeardWithoutOne() {
        try (PostgresSignalChannel first = channel(ContractDatabase.SCHEMA);
                PostgresSignalChannel second = channel(ContractDatabase.SCHEMA)) {
            first.announce();
            first.announce();

            assertThat(second.othersAnnounced(HEARING)).isTrue();
            assertThat(second.othersAnnounced(SILENCE)).as("both announcements heard in one call").isFalse();
            assertThat(first.othersAnnounced(SILENCE)).as("its own").isFalse();

            second.announce();
            assertThat(first.othersAnnounced(HEARING)).isTrue();
        }
    }

    @Test
    void aDeploymentInAnotherSchemaOfTheDatabaseHearsNothing() throws SQLException {
        try (Connection admin = ContractDatabase.dataSource(ContractDatabase.SCHEMA).getConnection();
                Statement create = admin.createStatement()) {
            create.execute("CREATE SCHEMA IF NOT EXISTS " + OTHER_SCHEMA);
        }
        try (PostgresSignalChannel here = channel(ContractDatabase.SCHEMA);
                PostgresSignalChannel elsewhere = channel(OTHER_SCHEMA)) {
            here.announce();

            assertThat(elsewhere.othersAnnounced(SILENCE)).isFalse();
        }
    }

    private static PostgresSignalChannel channel(String schema) {
        return PostgresSignalChannel.listening(ContractDatabase.dataSource(schema));
    }
}
