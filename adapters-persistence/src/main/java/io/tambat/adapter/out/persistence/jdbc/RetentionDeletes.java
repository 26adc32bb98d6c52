package io.tambat.adapter.out.persistence.jdbc;

import jakarta.persistence.EntityManager;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * The one shape of every retention statement: delete at most {@code ?2} rows older than the cut-off {@code ?1},
 * in the caller's short transaction, and say how many went.
 */
public final class RetentionDeletes {

    private RetentionDeletes() {
    }

    /** Runs one retention statement; {@code what} names it in a storage failure. */
    public static int run(EntityManager em, String what, String sql, Instant cutoff, int batch) {
        return StorageCalls.call(what, () -> em.createNativeQuery(sql)
                .setParameter(1, Timestamp.from(cutoff))
                .setParameter(2, batch)
                .executeUpdate());
    }
}
