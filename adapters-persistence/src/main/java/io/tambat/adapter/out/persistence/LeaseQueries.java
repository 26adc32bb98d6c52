package io.tambat.adapter.out.persistence;

import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/**
 * Runs a lease statement: every work queue here takes {@code ?1} now, {@code ?2} the lease end and
 * {@code ?3} the batch size, then its own filters from {@code ?4} on, and returns the leased rows.
 */
final class LeaseQueries {

    private LeaseQueries() {
    }

    @SuppressWarnings("unchecked")
    static List<Object[]> lease(EntityManager em, String sql, Instant now, Instant leaseUntil, int max,
            Object... filters) {
        Query query = em.createNativeQuery(sql)
                .setParameter(1, Timestamp.from(now))
                .setParameter(2, Timestamp.from(leaseUntil))
                .setParameter(3, max);
        for (int i = 0; i < filters.length; i++) {
            query.setParameter(4 + i, filters[i]);
        }
        return query.getResultList();
    }
}
