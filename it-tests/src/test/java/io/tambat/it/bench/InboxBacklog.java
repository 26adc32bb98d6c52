package io.tambat.it.bench;

import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What processing still has to do on one endpoint, from {@code webhook_inbox}: the rows stored RECEIVED, leased
 * (PROCESSING) or not, and the age of the oldest of them, by the database's clock.
 */
final class InboxBacklog {

    private static final String PENDING = """
            SELECT count(*) AS pending,
                   COALESCE(EXTRACT(EPOCH FROM (clock_timestamp() - min(received_at))), 0) AS oldest_seconds
            FROM webhook_inbox WHERE endpoint_id = ? AND status = 'RECEIVED'""";

    private final TestDatabase db;
    private final String endpoint;

    InboxBacklog(TestDatabase db, String endpoint) {
        this.db = db;
        this.endpoint = endpoint;
    }

    Pending now() {
        Map<String, Object> row = db.rows(PENDING, endpoint).get(0);
        return new Pending(((Number) row.get("pending")).longValue(),
                ((Number) row.get("oldest_seconds")).doubleValue());
    }

    /** How long the backlog took to reach zero, or empty if it did not within the limit. */
    Optional<Duration> awaitDrained(Duration limit) {
        long start = System.nanoTime();
        while (true) {
            Duration waited = Duration.ofNanos(System.nanoTime() - start);
            if (now().count() == 0) {
                return Optional.of(waited);
            }
            if (waited.compareTo(limit) >= 0) {
                return Optional.empty();
            }
            TambatServerProcess.sleep(Duration.ofMillis(100));
        }
    }

    /** Rows of the endpoint by status, e.g. {@code PROCESSED=90000}. */
    String statuses() {
        return db.rows("SELECT status, count(*) AS n FROM webhook_inbox WHERE endpoint_id = ? GROUP BY status "
                        + "ORDER BY status", endpoint).stream()
                .map(row -> row.get("status") + "=" + String.format("%,d", ((Number) row.get("n")).longValue()))
                .collect(Collectors.joining(", "));
    }

    /** The pending rows and the age of the oldest in seconds (0 when none). */
    record Pending(long count, double oldestSeconds) {
    }
}
