package io.tambat.domain.port.out.retention;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * The tables partitioned by time, by day: partitions are created ahead of the rows that go in them, and retention
 * drops a whole day at once. Each call is a transaction of its own, never the caller's. Throws
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
     * Creates every missing day's partition of every table through the day of {@code through}.
     *
     * @return how many it created
     */
    int createThrough(Instant through);

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
