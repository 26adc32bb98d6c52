package io.tambat.it.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Plain JDBC against the test database, to assert on rows rather than on status codes alone. */
public final class TestDatabase {

    private final String schema;

    public TestDatabase(String schema) {
        this.schema = schema;
    }

    public static String host() {
        return System.getProperty("tambat.it.db.host", "127.0.0.1");
    }

    public static int port() {
        return Integer.parseInt(System.getProperty("tambat.it.db.port", "5432"));
    }

    public static String name() {
        return System.getProperty("tambat.it.db.name", "tambat_test");
    }

    public static String user() {
        return System.getProperty("tambat.it.db.user", "tambat");
    }

    public static String password() {
        return System.getProperty("tambat.it.db.password", "tambat");
    }

    public Connection connect() throws SQLException {
        Connection connection = DriverManager.getConnection(
                "jdbc:postgresql://" + host() + ":" + port() + "/" + name(), user(), password());
        try (var statement = connection.createStatement()) {
            statement.execute("SET search_path TO " + schema);
        }
        return connection;
    }

    /** Drops the schema and everything in it, so a server started next migrates it from scratch. */
    public TestDatabase dropSchema() {
        try (Connection connection = connect(); var statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            return this;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot drop schema " + schema, e);
        }
    }

    /** Rows of a query as column-name maps, in order. */
    public List<Map<String, Object>> rows(String sql, Object... parameters) {
        try (Connection connection = connect(); PreparedStatement statement = prepare(connection, sql, parameters)) {
            try (ResultSet result = statement.executeQuery()) {
                List<Map<String, Object>> rows = new ArrayList<>();
                while (result.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int column = 1; column <= result.getMetaData().getColumnCount(); column++) {
                        row.put(result.getMetaData().getColumnLabel(column), result.getObject(column));
                    }
                    rows.add(row);
                }
                return rows;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("query failed: " + sql, e);
        }
    }

    /** Runs one data-changing statement, committed, and returns how many rows it changed. */
    public int update(String sql, Object... parameters) {
        try (Connection connection = connect(); PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("statement failed: " + sql, e);
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

    public long count(String sql, Object... parameters) {
        return ((Number) rows(sql, parameters).get(0).values().iterator().next()).longValue();
    }

    /** Inbox rows of one logical event. */
    public long inboxRows(String provider, String endpoint, String eventId) {
        return count("SELECT count(*) FROM webhook_inbox WHERE provider = ? AND endpoint_id = ? "
                + "AND provider_event_id = ?", provider, endpoint, eventId);
    }

    /** The stored status of one logical event (as in the table: a leased row still reads RECEIVED). */
    public String inboxStatus(String provider, String endpoint, String eventId) {
        return (String) rows("SELECT status FROM webhook_inbox WHERE provider = ? AND endpoint_id = ? "
                + "AND provider_event_id = ?", provider, endpoint, eventId).get(0).get("status");
    }

    /** The stored status of the inbox row with this id, as a delivery's answer names it. */
    public String inboxStatus(String inboxId) {
        return (String) rows("SELECT status FROM webhook_inbox WHERE inbox_id = CAST(? AS uuid)", inboxId).get(0)
                .get("status");
    }
}
