package io.tambat.it.bench;

import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What background work still has to do, from its table, by the database's clock: the inbox rows of an endpoint
 * that processing has not ended (stored RECEIVED, leased or not), or the forward deliveries of a destination
 * still pending; how many, and the age of the oldest.
 */
final class Backlog {

    private final TestDatabase db;
    private final String table;
    private final String key;
    private final String since;
    private final String pendingStatus;
    private final String value;

    private Backlog(TestDatabase db, String table, String key, String since, String pendingStatus, String value) {
        this.db = db;
        this.table = table;
        this.key = key;
        this.since = since;
        this.pendingStatus = pendingStatus;
        this.value = value;
    }

    /** The endpoint's events processing has not ended. */
    static Backlog inbox(TestDatabase db, String endpoint) {
        return new Backlog(db, "webhook_inbox", "endpoint_id", "received_at", "RECEIVED", endpoint);
    }

    /** The destination's deliveries not yet delivered (nor FAILED). */
    static Backlog forwarding(TestDatabase db, String destination) {
        return new Backlog(db, "forward_delivery", "destination_id", "created_at", "PENDING", destination);
    }

    Pending now() {
        Map<String, Object> row = db.rows("SELECT count(*) AS pending, COALESCE(EXTRACT(EPOCH FROM "
                + "(clock_timestamp() - min(" + since + "))), 0) AS oldest_seconds FROM " + table + " WHERE " + key
                + " = ? AND status = ?", value, pendingStatus).get(0);
        return new Pending(((Number) row.get("pending")).longValue(),
                ((Number) row.get("oldest_seconds")).doubleValue());
    }

    /**
     * Whether anything is left: one index probe, where {@link #now} counts every pending row. Polled every 100 ms
     * while a backlog of 100,000 drains, a count would cost the database a tenth of a core and slow the drain it
     * measures.
     */
    private boolean any() {
        return (Boolean) db.rows("SELECT EXISTS (SELECT 1 FROM " + table + " WHERE " + key + " = ? AND status = ?)"
                + " AS any", value, pendingStatus).get(0).get("any");
    }

    /** How long the backlog took to reach zero, or empty if it did not within the limit. */
    Optional<Duration> awaitDrained(Duration limit) {
        return awaitDrained(limit, List.of(this));
    }

    /** How long the backlogs took to be all at zero at once, or empty if they were not within the limit. */
    static Optional<Duration> awaitDrained(Duration limit, List<Backlog> backlogs) {
        long start = System.nanoTime();
        while (true) {
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            if (backlogs.stream().noneMatch(Backlog::any)) {
                return Optional.of(waited);
            }
            if (waited.compareTo(limit) >= 0) {
                return Optional.empty();
            }
            TambatServerProcess.sleep(Duration.ofMillis(100));
        }
    }

    /** Rows by status, e.g. {@code PROCESSED=90000}. */
    String statuses() {
        return db.rows("SELECT status, count(*) AS n FROM " + table + " WHERE " + key + " = ? GROUP BY status "
                        + "ORDER BY status", value).stream()
                .map(row -> row.get("status") + "=" + String.format("%,d", ((Number) row.get("n")).longValue()))
                .collect(Collectors.joining(", "));
    }

    /** The pending rows and the age of the oldest in seconds (0 when none). */
    record Pending(long count, double oldestSeconds) {
    }
}
