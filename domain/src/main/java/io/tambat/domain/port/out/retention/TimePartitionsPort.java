package io.tambat.domain.port.out.retention;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * The tables partitioned by time, in whole days: partitions are created ahead of the rows that go in them, and
 * retention drops a whole partition at once. Each call is a transaction of its own, never the caller's. Throws
 * {@link io.tambat.domain.error.StoreUnavailableException} when the database cannot answer, or when a table's
 * lock was not granted in time (a long statement holds it): the next turn tries again.
 */
public interface TimePartitionsPort {

    /**
     * How far ahead partitions are kept: created at start, by the migration job and by the server's maintenance, so
     * that a server that cannot create them (the database away, or {@code tambat.db.migrate=off} and the job not
     * run) has two weeks before a row finds no partition.
     */
    Duration AHEAD = Duration.ofDays(14);

    /** How many partitions a retention window spans, at most: see {@link #width}. */
    int PARTITIONS_A_WINDOW = 12;

    /**
     * How long a time each partition covers for records kept {@code retention}: a twelfth of it in whole days, at
     * least one. A statement that cannot name the time of the rows it reads (a lease of due rows, a join by an id)
     * opens every partition, and its cost grows with their number: on this project's benchmark machine a lease of
     * due rows took 0.28 ms over 16 partitions and 1.98 ms over 105, the days of the default 90-day window and the
     * days ahead. So a table keeps about a dozen partitions of its window whatever its length, and a day that goes
     * goes at most a twelfth of the window after its last row is past it.
     */
    static Duration width(Duration retention) {
        long seconds = retention.toSeconds();
        long days = Math.max(1, (seconds + PARTITIONS_A_WINDOW * 86_400L - 1) / (PARTITIONS_A_WINDOW * 86_400L));
        return Duration.ofDays(days);
    }

    /** What is kept in a table partitioned by time. */
    enum Records {
        /** A row per attempt of an inbox row, kept as long as finished inbox rows. */
        ATTEMPT_HISTORY(false),
        /**
         * The webhook events, by the day of their receipt. A day goes once finished rows of it are past their
         * window; a row kept longer (FAILED, waiting for an operator; a forward delivery unfinished) outlives it.
         */
        INBOX_EVENTS(true),
        /**
         * The business mutations applied, by the day of their event's receipt, kept as long as finished inbox rows; a
         * mutation an unfinished delivery of a state change still has to send outlives its day.
         */
        MUTATION_TRAIL(true);

        private final boolean outliveTheirDay;

        Records(boolean outliveTheirDay) {
            this.outliveTheirDay = outliveTheirDay;
        }

        /** Whether a record may be kept past its day's window: it is moved out of its day before the day goes. */
        public boolean mayOutliveTheirDay() {
            return outliveTheirDay;
        }

        /** What operators read in logs: "attempt history", "inbox events". */
        public String description() {
            return name().toLowerCase(Locale.ROOT).replace('_', ' ');
        }
    }

    /**
     * Creates the missing partitions of every table through the day of {@code through}, each covering
     * {@code width} (whole days: {@link #width}) from the end of the one before.
     *
     * @return how many it created
     */
    int createThrough(Instant through, Duration width);

    /**
     * Drops the oldest partition of {@code records} whose every row is stamped before {@code cutoff}, if one is; of
     * records that {@linkplain Records#mayOutliveTheirDay() may outlive their day}, the rows kept longer are moved
     * into a partition of kept rows first.
     *
     * @return whether one was dropped
     */
    boolean dropOldestBefore(Records records, Instant cutoff);

    /**
     * When the last partition of the table whose partitions end first ends: a row stamped later would find none.
     * Empty when a table has no partition at all.
     */
    Optional<Instant> partitionsEnd();
}
