package io.tambat.adapter.out.persistence.jdbc;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.postgresql.PGStatement;

/**
 * The JDBC connection enlisted in the caller's JTA transaction, for the statements on the hot path of ingest.
 * A prepared statement run on it directly costs a fraction of a native query, whose text EclipseLink parses
 * on every call, and it binds arrays, so one statement stores a whole group of deliveries. SQL failures are
 * rethrown unchecked with their SQLSTATE kept, for {@link StorageCalls} to classify.
 */
public final class EnlistedConnection {

    /** Binds one statement's parameters; arrays are made on the connection. */
    @FunctionalInterface
    public interface Binder {
        void bind(Connection connection, PreparedStatement statement) throws SQLException;
    }

    /** Reads one row of a result. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    private EnlistedConnection() {
    }

    public static <T> List<T> query(EntityManager em, String sql, Binder binder, RowReader<T> reader) {
        Connection connection = em.unwrap(Connection.class);
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            binder.bind(connection, statement);
            try (ResultSet rows = statement.executeQuery()) {
                List<T> read = new ArrayList<>();
                while (rows.next()) {
                    read.add(reader.read(rows));
                }
                return read;
            }
        } catch (SQLException e) {
            throw new PersistenceException(e);
        }
    }

    /**
     * The statement planned anew at each call, for the values bound and the tables as they are then, rather than
     * once for any values: for a statement whose best plan depends on how many rows a growing table holds. A plan
     * kept from a table's first minutes (a few rows: read them all) stays in use as the table grows until its
     * statistics are next gathered, which on a busy table can be many thousands of rows later.
     */
    public static Binder plannedForItsValues(Binder binder) {
        return (connection, statement) -> {
            statement.unwrap(PGStatement.class).setPrepareThreshold(0);
            binder.bind(connection, statement);
        };
    }

    /** Runs a numbered statement with its values, {@code values[n - 1]} for {@code ?n}. */
    public static <T> List<T> query(EntityManager em, NumberedStatement sql, RowReader<T> reader, Object... values) {
        return query(em, sql.sql(), (connection, statement) -> sql.bind(statement, values), reader);
    }

    /** As {@link #query(EntityManager, NumberedStatement, RowReader, Object...)}, cancelled past {@code deadline}. */
    public static <T> List<T> query(EntityManager em, StatementDeadline deadline, NumberedStatement sql,
            RowReader<T> reader, Object... values) {
        return query(em, sql.sql(), deadline.bound((connection, statement) -> sql.bind(statement, values)), reader);
    }

    public static int update(EntityManager em, NumberedStatement sql, Object... values) {
        return update(em, sql.sql(), (connection, statement) -> sql.bind(statement, values));
    }

    /**
     * Runs a numbered statement once per set of values, as one JDBC batch: one round trip, each run planned as
     * the statement alone is.
     *
     * @return the rows each run changed, in the order of the sets
     */
    public static int[] batch(EntityManager em, NumberedStatement sql, List<Object[]> valueSets) {
        Connection connection = em.unwrap(Connection.class);
        try (PreparedStatement statement = connection.prepareStatement(sql.sql())) {
            for (Object[] values : valueSets) {
                sql.bind(statement, values);
                statement.addBatch();
            }
            return statement.executeBatch();
        } catch (SQLException e) {
            throw new PersistenceException(e);
        }
    }

    /**
     * Reads each row as the plain JDBC values of its columns, the shape EclipseLink gives a native query's row,
     * and hands it to a row mapper ({@code *Rows}), so one mapper reads both.
     */
    public static <T> RowReader<T> columnsTo(Function<Object[], T> mapper) {
        return row -> {
            Object[] values = new Object[row.getMetaData().getColumnCount()];
            for (int column = 0; column < values.length; column++) {
                values[column] = row.getObject(column + 1);
            }
            return mapper.apply(values);
        };
    }

    public static int update(EntityManager em, String sql, Binder binder) {
        Connection connection = em.unwrap(Connection.class);
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            binder.bind(connection, statement);
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new PersistenceException(e);
        }
    }

    /** A {@code text[]}; the statement casts it to the column's type (uuid, timestamptz, bigint). */
    public static Array texts(Connection connection, List<String> values) throws SQLException {
        return connection.createArrayOf("text", values.toArray());
    }

    public static Array bytes(Connection connection, List<byte[]> values) throws SQLException {
        return connection.createArrayOf("bytea", values.toArray(new byte[0][]));
    }
}
