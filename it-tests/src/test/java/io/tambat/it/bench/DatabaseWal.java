package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;

/**
 * How much write-ahead log the database wrote, read from its WAL insert position
 * ({@code pg_current_wal_lsn()}), which counts every byte of WAL written by every database of the cluster. The
 * figure a capacity plan needs for WAL volume, archive size and replication bandwidth.
 */
final class DatabaseWal {

    private final TestDatabase db;

    DatabaseWal(TestDatabase db) {
        this.db = db;
    }

    /** The WAL written from now on. */
    Stopwatch stopwatch() {
        return new Stopwatch(position());
    }

    private long position() {
        return db.count("SELECT (pg_current_wal_lsn() - '0/0')::bigint");
    }

    /** WAL bytes written since it was started. */
    final class Stopwatch {

        private final long start;

        private Stopwatch(long start) {
            this.start = start;
        }

        long elapsedBytes() {
            return position() - start;
        }
    }
}
