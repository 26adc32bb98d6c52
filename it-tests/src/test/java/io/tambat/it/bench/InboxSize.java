package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;
import java.util.Map;

/**
 * What the inbox takes in PostgreSQL per stored delivery: the size of {@code webhook_inbox}'s partitions with their
 * TOAST and their indexes ({@code pg_total_relation_size}) over its rows, in the server's schema, and how many of the rows name
 * their payload's object in an object store instead of holding the ciphertext. Read at the end of a scenario, it
 * covers every row stored there, the warm-up's included.
 *
 * @param inObjectStore rows whose payload is an object in the object store
 * @param totalBytes the table, its TOAST and its indexes
 * @param indexBytes its indexes alone
 */
record InboxSize(long rows, long inObjectStore, long totalBytes, long indexBytes) {

    private static final String SIZE = """
            SELECT count(*) AS stored, count(*) FILTER (WHERE payload_object IS NOT NULL) AS in_object_store,
                   (SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree('webhook_inbox')
                    WHERE isleaf) AS total_bytes,
                   (SELECT sum(pg_indexes_size(relid)) FROM pg_partition_tree('webhook_inbox')
                    WHERE isleaf) AS index_bytes
            FROM webhook_inbox""";

    static InboxSize of(TestDatabase db) {
        Map<String, Object> row = db.rows(SIZE).get(0);
        return new InboxSize(((Number) row.get("stored")).longValue(),
                ((Number) row.get("in_object_store")).longValue(), ((Number) row.get("total_bytes")).longValue(),
                ((Number) row.get("index_bytes")).longValue());
    }

    /** Bytes per row: the table, its TOAST and its indexes together. */
    double bytesPerDelivery() {
        return rows == 0 ? Double.NaN : (double) totalBytes / rows;
    }

    String describe() {
        return String.format("inbox in PostgreSQL: %,d rows (payload in the row %,d, in the object store %,d), %,d MiB "
                        + "with TOAST and indexes (indexes %,d MiB): %,.0f bytes a stored delivery (the warm-up's "
                        + "included)", rows, rows - inObjectStore, inObjectStore, totalBytes / (1024 * 1024),
                indexBytes / (1024 * 1024), bytesPerDelivery());
    }
}
