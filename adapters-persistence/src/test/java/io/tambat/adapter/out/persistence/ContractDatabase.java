package io.tambat.adapter.out.persistence;

import io.tambat.adapter.out.persistence.schema.FlywaySchema;
import io.tambat.adapter.out.persistence.schema.TimePartitions;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.EntityTransaction;
import jakarta.persistence.Persistence;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The real PostgreSQL the port contract tests run on: the integration tests' database (system properties
 * {@code tambat.test.db.*}, local defaults), in a schema of its own that is dropped and migrated again with the
 * module's own migrations when a test run first asks for it, so it never meets the integration tests' schemas.
 * The adapters get a resource-local EntityManager of the persistence unit {@code tambat} in place of the
 * container's JTA one. An unreachable database fails the tests: {@code scripts/test} always prepares one.
 */
public final class ContractDatabase implements AutoCloseable {

    public static final String SCHEMA = "tambat_contract";

    private final PGSimpleDataSource dataSource;
    private final EntityManagerFactory entityManagers;
    private final String emptyTables;

    private ContractDatabase(PGSimpleDataSource dataSource, EntityManagerFactory entityManagers, String emptyTables) {
        this.dataSource = dataSource;
        this.entityManagers = entityManagers;
        this.emptyTables = emptyTables;
    }

    public static ContractDatabase migrated() {
        return migrated(SCHEMA);
    }

    /** The store on a schema of its own, migrated anew: for a test that changes the schema itself. */
    public static ContractDatabase migrated(String schema) {
        PGSimpleDataSource dataSource = dataSource(schema);
        update(dataSource, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        FlywaySchema.migration(dataSource, schema).migrate();
        try {
            new TimePartitions(dataSource, schema).createThrough(Instant.now().plus(TimePartitionsPort.AHEAD), Duration.ofDays(1));
        } catch (SQLException e) {
            throw new IllegalStateException("the partitions ahead were not created", e);
        }
        List<String> tables = query(dataSource, """
                SELECT table_name FROM information_schema.tables
                WHERE table_schema = ? AND table_type = 'BASE TABLE' AND table_name <> 'flyway_schema_history'""",
                String.class, schema);
        return new ContractDatabase(dataSource, Persistence.createEntityManagerFactory("tambat", Map.of(
                        "jakarta.persistence.transactionType", "RESOURCE_LOCAL",
                        "jakarta.persistence.jtaDataSource", "",
                        "jakarta.persistence.jdbc.driver", "org.postgresql.Driver",
                        "jakarta.persistence.jdbc.url", dataSource.getUrl(),
                        "jakarta.persistence.jdbc.user", dataSource.getUser(),
                        "jakarta.persistence.jdbc.password", dataSource.getPassword(),
                        "eclipselink.logging.level", "WARNING")),
                "TRUNCATE " + String.join(", ", tables) + " RESTART IDENTITY CASCADE");
    }

    /** The test database, with the given schema current. */
    public static PGSimpleDataSource dataSource(String schema) {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setServerNames(new String[] {setting("host", "127.0.0.1")});
        dataSource.setPortNumbers(new int[] {Integer.parseInt(setting("port", "5432"))});
        dataSource.setDatabaseName(setting("name", "tambat_test"));
        dataSource.setUser(setting("user", "tambat"));
        dataSource.setPassword(setting("password", "tambat"));
        dataSource.setCurrentSchema(schema);
        return dataSource;
    }

    private static String setting(String name, String localDefault) {
        return System.getProperty("tambat.test.db." + name, localDefault);
    }

    /**
     * A new session whose adapters share one EntityManager. Native queries, reads included, run on the
     * transaction's connection, as they do on the container's JTA connection; the persistence context is
     * cleared after each transaction, as a transaction-scoped one would be.
     */
    public <P> StoreSession<P> session(Function<EntityManager, P> adapters) {
        EntityManager em = entityManagers.createEntityManager();
        P port = adapters.apply(em);
        return new StoreSession<>() {
            @Override
            public <T> T call(Function<P, T> work) {
                EntityTransaction transaction = em.getTransaction();
                transaction.begin();
                try {
                    T result = work.apply(port);
                    transaction.commit();
                    return result;
                } finally {
                    if (transaction.isActive()) {
                        transaction.rollback();
                    }
                    em.clear();
                }
            }

            @Override
            public void close() {
                em.close();
            }
        };
    }

    /** Attempt {@code attempt}'s lease of the stored row {@code inboxId}, named by its id and time of receipt. */
    public LeasedInboxEvent leasedBy(UUID inboxId, int attempt) {
        return InboxEntryFixture.leasedBy(inboxId, value("SELECT received_at FROM webhook_inbox WHERE inbox_id = ?",
                Timestamp.class, inboxId).toInstant(), attempt);
    }

    /** Empties every table, so each test starts from a store that holds nothing. */
    public void emptyTables() {
        update(dataSource, emptyTables);
    }

    /** The first column of every row the statement selects, read past the adapters. */
    public <T> List<T> column(String sql, Class<T> type, Object... parameters) {
        return query(dataSource, sql, type, parameters);
    }

    /** The first column of the one row the statement selects. */
    public <T> T value(String sql, Class<T> type, Object... parameters) {
        List<T> values = column(sql, type, parameters);
        if (values.size() != 1) {
            throw new IllegalStateException("expected one row, got " + values.size() + " from " + sql);
        }
        return values.get(0);
    }

    /** Runs a statement past the adapters, to set up a row as a test needs it. */
    public void execute(String sql, Object... parameters) {
        update(dataSource, sql, parameters);
    }

    /** A delivery of the event itself, as ingest writes it (with its event's receipt, if stored), in this status. */
    public void forwardDelivery(String destinationId, UUID inboxId, String status, Instant createdAt) {
        forwardDelivery(destinationId, "event", inboxId.toString(), inboxId, status, createdAt);
    }

    /** A delivery of the state change the event caused, as processing writes it, in this status. */
    public void stateChangeDelivery(String destinationId, UUID inboxId, String status, Instant createdAt) {
        forwardDelivery(destinationId, "state-change", "state-" + inboxId, inboxId, status, createdAt);
    }

    private void forwardDelivery(String destinationId, String messageType, String messageId, UUID inboxId,
            String status, Instant createdAt) {
        execute("INSERT INTO forward_delivery (destination_id, message_type, message_id, inbox_id, event_received_at,"
                + " ordering_key, status, next_attempt_at, created_at) VALUES (?, ?, ?, ?,"
                + " COALESCE((SELECT received_at FROM webhook_inbox WHERE inbox_id = ?), ?), ?, ?, ?, ?)",
                destinationId, messageType, messageId, inboxId, inboxId, Timestamp.from(createdAt),
                inboxId.toString(), status, Timestamp.from(createdAt), Timestamp.from(createdAt));
    }

    @Override
    public void close() {
        entityManagers.close();
    }

    public static <T> List<T> query(PGSimpleDataSource dataSource, String sql, Class<T> type,
            Object... parameters) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = prepare(connection, sql, parameters);
                ResultSet rows = statement.executeQuery()) {
            List<T> values = new ArrayList<>();
            while (rows.next()) {
                values.add(rows.getObject(1, type));
            }
            return values;
        } catch (SQLException e) {
            throw new IllegalStateException("contract database query failed: " + sql, e);
        }
    }

    public static void update(PGSimpleDataSource dataSource, String sql, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = prepare(connection, sql, parameters)) {
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("contract database statement failed: " + sql, e);
        }
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
        return statement;
    }
}
