package io.tambat.adapter.out.persistence.jdbc;

import jakarta.persistence.EntityManager;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * The one lease statement every work queue runs (inbox, order outbox, long operations). Its shape: pick due
 * items ({@code next_attempt_at <= now}) whose lease is free or ran out, oldest first, under
 * {@code FOR UPDATE SKIP LOCKED} so concurrent workers split them without waiting; set the lease end and raise
 * {@code attempt_count}, the attempt counted at lease time and the fencing token every completion names; and
 * say for each whether it was taken over from a lease that ran out unfinished. Parameters: {@code ?1} now,
 * {@code ?2} the lease end, {@code ?3} the batch size, then the queue's own filters from {@code ?4} on.
 */
public final class LeaseQueries {

    private LeaseQueries() {
    }

    /**
     * The statement for one queue.
     *
     * @param table     the work table
     * @param key       its unique key column
     * @param pending   which rows are unfinished work (may use parameters from {@code ?4})
     * @param alsoSet   further assignments made by the lease, each starting with a comma, or empty
     * @param select    what to return: more CTEs and the final {@code SELECT} over {@code leased}, whose rows
     *                  are the table's leased rows plus {@code taken_over}
     */
    public static NumberedStatement statement(String table, String key, String pending, String alsoSet, String select) {
        return NumberedStatement.of("""
                WITH due AS (
                    SELECT %2$s AS leased_key, lease_until IS NOT NULL AS taken_over FROM %1$s
                    WHERE %3$s AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                    ORDER BY next_attempt_at
                    LIMIT ?3
                    FOR UPDATE SKIP LOCKED),
                leased AS (
                    UPDATE %1$s w SET lease_until = ?2, attempt_count = w.attempt_count + 1%4$s
                    FROM due WHERE w.%2$s = due.leased_key
                    RETURNING w.*, due.taken_over)
                %5$s""".formatted(table, key, pending, alsoSet, select));
    }

    /** Runs one queue's statement and maps each leased row with that queue's mapper. */
    public static <T> List<T> lease(EntityManager em, NumberedStatement sql, Function<Object[], T> mapper, Instant now,
            Instant leaseUntil, int max, Object... filters) {
        Object[] values = new Object[3 + filters.length];
        values[0] = Timestamp.from(now);
        values[1] = Timestamp.from(leaseUntil);
        values[2] = max;
        System.arraycopy(filters, 0, values, 3, filters.length);
        return EnlistedConnection.query(em, sql, EnlistedConnection.columnsTo(mapper), values);
    }
}
