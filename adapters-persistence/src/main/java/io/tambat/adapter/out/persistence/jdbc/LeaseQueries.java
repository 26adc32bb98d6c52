package io.tambat.adapter.out.persistence.jdbc;

import jakarta.persistence.EntityManager;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * Runs a work queue's lease statement (inbox, order outbox, long operations, forward deliveries). Each queue's
 * adapter writes its statement whole, in the shape they all share, which {@code LeaseStatementShapeTest}
 * checks: pick due items ({@code next_attempt_at <= now}) whose lease is free or ran out, oldest first, under
 * {@code FOR UPDATE SKIP LOCKED} so concurrent workers split them without waiting; set the lease end and raise
 * {@code attempt_count}, the attempt counted at lease time and the fencing token every completion names; and
 * say for each whether it was taken over from a lease that ran out unfinished. Parameters: {@code ?1} now,
 * {@code ?2} the lease end, {@code ?3} the batch size, then the queue's own filters from {@code ?4} on.
 */
public final class LeaseQueries {

    private LeaseQueries() {
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
