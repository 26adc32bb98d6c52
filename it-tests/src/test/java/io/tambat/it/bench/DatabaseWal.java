package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

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

    /** The WAL written in each successive window from now on, until the windows are read. */
    Windows windows(Duration window) {
        return new Windows(window);
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

    /**
     * The WAL position read every window on a thread of its own, so that the bytes written in each window of a
     * load can stand next to that window's latency.
     */
    final class Windows {

        private final List<Long> positions = new ArrayList<>();
        private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();

        private Windows(Duration window) {
            positions.add(position());
            sampler.scheduleAtFixedRate(this::sample, window.toNanos(), window.toNanos(), TimeUnit.NANOSECONDS);
        }

        private void sample() {
            long position = position();
            synchronized (positions) {
                positions.add(position);
            }
        }

        /** Stops sampling; the bytes written in each full window so far, in order. */
        List<Long> bytesByWindow() {
            sampler.shutdownNow();
            List<Long> bytes = new ArrayList<>();
            synchronized (positions) {
                for (int i = 1; i < positions.size(); i++) {
                    bytes.add(positions.get(i) - positions.get(i - 1));
                }
            }
            return bytes;
        }
    }
}
