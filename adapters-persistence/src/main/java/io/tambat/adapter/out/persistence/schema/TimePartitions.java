package io.tambat.adapter.out.persistence.schema;

import io.tambat.domain.port.out.retention.TimePartitionsPort.Records;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The partitions of the tables partitioned by time, on PostgreSQL's declarative partitioning, which needs no
 * extension: each covers whole UTC days (as many as {@link io.tambat.domain.port.out.retention.TimePartitionsPort#width}
 * says for the retention; "a day" below) and is named after its first ({@code <table>_pYYYYMMDD}), created ahead of
 * the rows that will go in them, and dropped whole once retention is past it. Each change is a short transaction of its own on a
 * connection of its own, never the caller's: instances take turns through an advisory lock, and a change gives up
 * rather than queue for its table's lock behind a long statement ({@link #LOCK_TIMEOUT}), which would hold every
 * write to the table behind it; the next turn tries again.
 *
 * <p>A partition is created as a table of its own and then attached: attaching takes a lock that lets writes go on,
 * where {@code CREATE TABLE ... PARTITION OF} would take one that stops them. A partition goes by detaching, which
 * locks the table out briefly, then by dropping the detached table.
 */
public final class TimePartitions {

    /** The partition of the rows that outlive their day, after the table's name. */
    static final String KEPT = "_kept";
    /** The check on the kept rows' partition of the range it covers, after the partition's name. */
    static final String KEPT_RANGE = "_bound";
    /** The most rows of a day moved into the partition of kept rows: they are written while the table is locked. */
    static final long MOST_KEPT_AT_ONCE = 100_000;
    private static final Logger LOG = Logger.getLogger(TimePartitions.class.getName());

    /** The longest a change waits for its table's lock. */
    static final String LOCK_TIMEOUT = "2s";
    /** Any number, the same on every instance: the advisory lock under which they take turns. */
    private static final long TURNS = 0x7461_6d62_6174_7031L;
    private static final DateTimeFormatter DAY = DateTimeFormatter.BASIC_ISO_DATE;
    /** How PostgreSQL prints a bound in UTC: {@code 2026-12-09 00:00:00+00}. */
    private static final DateTimeFormatter BOUND = new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd HH:mm:ss")
            .optionalStart().appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true).optionalEnd()
            .appendOffset("+HH:mm", "+00").toFormatter();
    private static final Pattern UPPER_BOUND = Pattern.compile("TO \\('([^']+)'\\)");
    private static final Pattern LOWER_BOUND = Pattern.compile("FROM \\('([^']+)'\\)");

    private final DataSource dataSource;
    private final String schema;

    public TimePartitions(DataSource dataSource, String schema) {
        this.dataSource = dataSource;
        this.schema = schema;
    }

    /** A partition and the range of times its rows have: {@code [from, to)}, from the beginning of time if empty. */
    public record Partition(String name, Optional<Instant> from, Instant to) {
    }

    /**
     * Creates the partitions missing between the end of each table's last partition and the end of the day of
     * {@code through}, each covering {@code width} (whole days), named after its first day.
     *
     * @return how many it created
     */
    public int createThrough(Instant through, Duration width) throws SQLException {
        if (width.isZero() || width.isNegative() || width.toSeconds() % Duration.ofDays(1).toSeconds() != 0) {
            throw new IllegalArgumentException("a partition covers whole days, not " + width);
        }
        Instant end = LocalDate.ofInstant(through, ZoneOffset.UTC).plusDays(1).atStartOfDay(ZoneOffset.UTC)
                .toInstant();
        return inTurn(connection -> {
            int created = 0;
            for (Records records : Records.values()) {
                String table = table(records);
                Partition newest = partitions(connection, table).stream().reduce((older, newer) -> newer)
                        .orElseThrow(() -> new SQLException(table + " has no partition: its migration has not run"));
                String storage = storageParameters(connection, newest);
                for (Instant next = newest.to(); next.isBefore(end); next = next.plus(width)) {
                    create(connection, table, next, next.plus(width), storage);
                    created++;
                }
            }
            return created;
        });
    }

    /**
     * Drops the oldest partition of {@code records} whose every row is stamped before {@code cutoff}, if one is. Of
     * records that {@linkplain Records#mayOutliveTheirDay() may outlive their day}, the rows retention keeps longer
     * ({@link #outliving}) are moved first into the partition of kept rows, which then covers the dropped day too:
     * one partition before the days, whatever the number of days it keeps rows of. The rows are counted first,
     * without locking the table out; a day with more of them than {@link #MOST_KEPT_AT_ONCE} is left to retention's
     * deletes, and the days after it wait: days go oldest first, so that the kept rows' partition always ends where
     * the oldest day begins. The move itself reads the day again once it is detached, under the table's lock, so
     * that a row a replay made pending again between the count and the detach goes with the others. Before it, the
     * kept rows' partition is given the bound it will have ({@link #boundKept}), so that attaching it reads none of
     * its rows while the table is locked out.
     *
     * @return the partition dropped
     */
    public Optional<Partition> dropOldestBefore(Records records, Instant cutoff) throws SQLException {
        String table = table(records);
        String keptName = table + KEPT;
        Optional<Partition> droppable = inTransaction(false, connection -> {
            Optional<Partition> oldest = oldestBefore(partitions(connection, table), keptName, cutoff);
            if (oldest.isPresent() && records.mayOutliveTheirDay() && rowsUpToTheMost(connection,
                    outliving(records, qualified(oldest.get().name()), oldest.get())) > MOST_KEPT_AT_ONCE) {
                LOG.warning(() -> oldest.get().name() + " keeps more than " + MOST_KEPT_AT_ONCE + " rows past"
                        + " retention (FAILED, or with a forward delivery unfinished): it is not dropped, and"
                        + " retention deletes its other rows one by one");
                return Optional.<Partition>empty();
            }
            return oldest;
        });
        if (droppable.isEmpty() || records.mayOutliveTheirDay() && !boundKept(records, droppable.get(), cutoff)) {
            return Optional.empty();
        }
        return inTurn(connection -> {
            List<Partition> partitions = partitions(connection, table);
            Optional<Partition> oldest = oldestBefore(partitions, keptName, cutoff);
            if (!oldest.equals(droppable)) {
                // Another instance dropped it meanwhile: the next turn goes on from where that one left.
                return Optional.empty();
            }
            Partition day = oldest.get();
            try (Statement statement = connection.createStatement()) {
                statement.execute("ALTER TABLE " + qualified(table) + " DETACH PARTITION " + qualified(day.name()));
                if (records.mayOutliveTheirDay()) {
                    keep(statement, records, day, named(partitions, keptName));
                }
                statement.execute("DROP TABLE " + qualified(day.name()));
            }
            return oldest;
        });
    }

    /** The oldest of a table's partitions, but the kept rows', if every row of it is stamped before {@code cutoff}. */
    private static Optional<Partition> oldestBefore(List<Partition> partitions, String keptName, Instant cutoff) {
        return partitions.stream().filter(partition -> !partition.name().equals(keptName)).findFirst()
                .filter(partition -> !partition.to().isAfter(cutoff));
    }

    private static Optional<Partition> named(List<Partition> partitions, String name) {
        return partitions.stream().filter(partition -> partition.name().equals(name)).findFirst();
    }

    /**
     * Gives the partition of kept rows, if there is one, a validated check of the range it will cover once
     * {@code day} is dropped, the one its bound as a partition will then say, so that attaching it with that bound
     * reads none of its rows (PostgreSQL skips the scan when a valid constraint implies the bound): the check is
     * added NOT VALID in one short transaction (which locks the kept rows out for a moment), then validated in
     * another, which reads the kept rows under a lock that lets reads and writes of them go on; a check that does
     * not validate is dropped, as a NOT VALID check would still refuse writes outside it. Only while {@code day} is
     * still the oldest: a check is never narrowed below the range the kept rows' partition already covers.
     *
     * @return false when another instance dropped {@code day} meanwhile
     */
    private boolean boundKept(Records records, Partition day, Instant cutoff) throws SQLException {
        String table = table(records);
        String keptName = table + KEPT;
        String check = quoted(keptName + KEPT_RANGE);
        Optional<Boolean> checkAdded = inTurn(connection -> {
            List<Partition> partitions = partitions(connection, table);
            if (!oldestBefore(partitions, keptName, cutoff).equals(Optional.of(day))) {
                return Optional.empty();
            }
            Optional<Partition> kept = named(partitions, keptName);
            if (kept.isPresent()) {
                try (Statement statement = connection.createStatement()) {
                    statement.execute("ALTER TABLE " + qualified(keptName) + " DROP CONSTRAINT IF EXISTS " + check);
                    statement.execute(rangeCheck(records, kept.get().from(), day.to()) + " NOT VALID");
                }
            }
            return Optional.of(kept.isPresent());
        });
        if (checkAdded.isEmpty()) {
            return false;
        }
        if (checkAdded.get()) {
            try {
                alterKept(keptName, "VALIDATE CONSTRAINT " + check);
            } catch (SQLException e) {
                alterKept(keptName, "DROP CONSTRAINT IF EXISTS " + check);
                throw e;
            }
        }
        return true;
    }

    /** One change of the kept rows' partition, in a transaction of its own. */
    private void alterKept(String keptName, String change) throws SQLException {
        inTurn(connection -> {
            try (Statement statement = connection.createStatement()) {
                statement.execute("ALTER TABLE " + qualified(keptName) + " " + change);
            }
            return null;
        });
    }

    /**
     * The check on the kept rows' partition of {@code records} that its rows' time is within {@code [from, to)}, from
     * the beginning if empty.
     */
    private String rangeCheck(Records records, Optional<Instant> from, Instant to) {
        String keptName = table(records) + KEPT;
        String column = timeColumn(records);
        return "ALTER TABLE " + qualified(keptName) + " ADD CONSTRAINT " + quoted(keptName + KEPT_RANGE) + " CHECK ("
                + from.map(start -> column + " >= '" + start + "' AND ").orElse("") + column + " < '" + to + "')";
    }

    /**
     * Moves the rows of {@code day} (detached) that outlive it into the partition of kept rows, detached for it if
     * there is one and created if not, then attaches that partition over its range and the day's. Its bound is
     * implied by its validated check ({@link #boundKept}; on a new one, made before any row is in it), so attaching
     * it reads no row while the table is locked out.
     */
    private void keep(Statement statement, Records records, Partition day, Optional<Partition> kept)
            throws SQLException {
        String table = table(records);
        String keptName = table + KEPT;
        Optional<Instant> from = kept.isPresent() ? kept.get().from() : day.from();
        if (kept.isPresent()) {
            statement.execute("ALTER TABLE " + qualified(table) + " DETACH PARTITION " + qualified(keptName));
        } else {
            createLike(statement, keptName, table, storageParameters(statement.getConnection(), day));
            statement.execute(rangeCheck(records, from, day.to()));
        }
        statement.execute("INSERT INTO " + qualified(keptName) + " "
                + outliving(records, qualified(day.name()), day));
        statement.execute("ALTER TABLE " + qualified(table) + " ATTACH PARTITION " + qualified(keptName)
                + " FOR VALUES FROM (" + from.map(start -> "'" + start + "'").orElse("MINVALUE") + ") TO ('"
                + day.to() + "')");
    }

    /** How many rows a query selects, counted up to one more than are moved at once. */
    private static long rowsUpToTheMost(Connection connection, String query) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT count(*) FROM (" + query + " LIMIT "
                        + (MOST_KEPT_AT_ONCE + 1) + ") counted")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /**
     * The rows of a partition that retention keeps past their day: of the inbox, the rows its purge of finished rows
     * leaves (PostgresInboxRetentionAdapter): a row not PROCESSED (FAILED, waiting for an operator; RECEIVED, still
     * tried), one whose forward delivery is unfinished, and one whose payload object is still in the object store,
     * for its purge to delete. Each part is read through an index, never the whole day: the first three through
     * partial indexes of their own, the last through the primary key, by the ids of the unfinished deliveries of
     * events received that day or later (a delivery whose event is gone from the inbox may carry a later time, its
     * write's, V33). Of the mutation trail, the mutations an unfinished delivery of a state change still has to send
     * (as its purge keeps them, PostgresBusinessStateAdapter), read through the key on each event and its receipt.
     */
    private static String outliving(Records records, String partition, Partition day) {
        return switch (records) {
            case ATTEMPT_HISTORY -> throw new IllegalArgumentException("the attempt history goes by its day");
            case INBOX_EVENTS -> "SELECT * FROM " + partition + " WHERE status = 'FAILED'"
                    + " UNION SELECT * FROM " + partition + " WHERE status = 'RECEIVED'"
                    + " UNION SELECT * FROM " + partition + " WHERE payload_object IS NOT NULL"
                    + " UNION SELECT * FROM " + partition + " WHERE inbox_id = ANY (ARRAY("
                    + "SELECT f.inbox_id FROM forward_delivery f WHERE f.status IN ('PENDING', 'FAILED')"
                    + day.from().map(from -> " AND f.event_received_at >= '" + from + "'").orElse("") + "))";
            case MUTATION_TRAIL -> "SELECT * FROM " + partition + " WHERE inbox_id = ANY (ARRAY("
                    + "SELECT f.inbox_id FROM forward_delivery f WHERE f.message_type = 'state-change'"
                    + " AND f.status IN ('PENDING', 'FAILED') AND f.event_received_at < '" + day.to() + "'"
                    + day.from().map(from -> " AND f.event_received_at >= '" + from + "'").orElse("") + "))";
        };
    }

    /** The partitions of {@code records}' table, oldest first. */
    public List<Partition> partitions(Records records) throws SQLException {
        return inTransaction(false, connection -> partitions(connection, table(records)));
    }

    /**
     * The end of the last partition of the table that ends first: a row stamped later has nowhere to go. Read from
     * the catalog without waiting for the instances' turns.
     */
    public Optional<Instant> coveredUntil() throws SQLException {
        return inTransaction(false, connection -> {
            Optional<Instant> earliest = Optional.empty();
            for (Records records : Records.values()) {
                Optional<Instant> end = partitions(connection, table(records)).stream().map(Partition::to)
                        .max(Comparator.naturalOrder());
                if (end.isEmpty()) {
                    return Optional.empty();
                }
                earliest = earliest.filter(known -> known.isBefore(end.get())).or(() -> end);
            }
            return earliest;
        });
    }

    /** The column of the time by which the records' table is partitioned. */
    private static String timeColumn(Records records) {
        return switch (records) {
            case ATTEMPT_HISTORY -> "at";
            case INBOX_EVENTS -> "received_at";
            case MUTATION_TRAIL -> "event_received_at";
        };
    }

    /** The table that holds the records: a name of this release's schema. */
    static String table(Records records) {
        return switch (records) {
            case ATTEMPT_HISTORY -> "webhook_inbox_history";
            case INBOX_EVENTS -> "webhook_inbox";
            case MUTATION_TRAIL -> "object_mutation";
        };
    }

    /**
     * The storage parameters of a partition ({@code fillfactor}, autovacuum's settings) as a {@code WITH} clause: a
     * table partitioned by time keeps none of its own, so each day takes those of the day before it, the first
     * partition's from its migration and any an operator set since.
     */
    private String storageParameters(Connection connection, Partition partition) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(
                "SELECT array_to_string(reloptions, ', ') FROM pg_class WHERE oid = to_regclass(?)")) {
            statement.setString(1, qualified(partition.name()));
            try (ResultSet rows = statement.executeQuery()) {
                String options = rows.next() ? rows.getString(1) : null;
                return options == null || options.isEmpty() ? "" : " WITH (" + options + ")";
            }
        }
    }

    private void create(Connection connection, String table, Instant from, Instant to, String storage)
            throws SQLException {
        String partition = table + "_p" + DAY.format(LocalDate.ofInstant(from, ZoneOffset.UTC));
        try (Statement statement = connection.createStatement()) {
            createLike(statement, partition, table, storage);
            statement.execute("ALTER TABLE " + qualified(table) + " ATTACH PARTITION " + qualified(partition)
                    + " FOR VALUES FROM ('" + from + "') TO ('" + to + "')");
        }
    }

    /**
     * A table to become a partition of {@code table}: its columns, defaults and checks, with the storage parameters
     * given ({@link #storageParameters}); its indexes come with the attach.
     */
    private void createLike(Statement statement, String name, String table, String storage) throws SQLException {
        statement.execute("CREATE TABLE " + qualified(name) + " (LIKE " + qualified(table)
                + " INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)" + storage);
    }

    private List<Partition> partitions(Connection connection, String table) throws SQLException {
        List<Partition> partitions = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement("""
                SELECT c.relname, pg_get_expr(c.relpartbound, c.oid)
                FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                WHERE i.inhparent = to_regclass(?)""")) {
            statement.setString(1, qualified(table));
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    String name = rows.getString(1);
                    String bound = rows.getString(2);
                    partitions.add(new Partition(name, bound(LOWER_BOUND, bound), bound(UPPER_BOUND, bound)
                            .orElseThrow(() -> new SQLException(name + " has no upper bound: " + bound))));
                }
            }
        }
        partitions.sort(Comparator.comparing(Partition::to));
        return partitions;
    }

    private static Optional<Instant> bound(Pattern which, String bound) {
        Matcher found = which.matcher(bound);
        return found.find() ? Optional.of(OffsetDateTime.parse(found.group(1), BOUND).toInstant()) : Optional.empty();
    }

    /** Runs {@code work} in a transaction of its own, in UTC, after the instances' turns and with the lock timeout. */
    private <T> T inTurn(Work<T> work) throws SQLException {
        return inTransaction(true, work);
    }

    private <T> T inTransaction(boolean takingTurns, Work<T> work) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET LOCAL TimeZone = 'UTC'");
                statement.execute("SET LOCAL lock_timeout = '" + LOCK_TIMEOUT + "'");
                if (takingTurns) {
                    statement.execute("SELECT pg_advisory_xact_lock(" + TURNS + ")");
                }
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(autoCommit);
            }
        }
    }

    private String qualified(String name) {
        return quoted(schema) + "." + quoted(name);
    }

    private static String quoted(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    @FunctionalInterface
    private interface Work<T> {
        T run(Connection connection) throws SQLException;
    }
}
