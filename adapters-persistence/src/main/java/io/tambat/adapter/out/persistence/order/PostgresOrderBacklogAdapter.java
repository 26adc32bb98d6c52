package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.StatementDeadline;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.BoundedCounts;
import io.tambat.domain.port.out.order.OrderBacklogPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * Order backlog from the tables: in-progress long operations and undelivered OrderCreated notifications, the
 * notifications counted up to {@link BoundedCounts#UP_TO} through their partial indexes. The oldest undelivered one
 * is the first entry of the unpublished notifications' index (ids are taken in the order they are written), past
 * the FAILED ones, which wait for a redrive.
 */
@ApplicationScoped
class PostgresOrderBacklogAdapter implements OrderBacklogPort {

    private static final String BACKLOG = """
            SELECT (SELECT COALESCE(CAST(EXTRACT(EPOCH FROM (?1 - min(created_at))) AS bigint), 0)
             FROM idempotency_requests WHERE operation_id IS NOT NULL AND outcome IS NULL),
            COALESCE((SELECT CAST(EXTRACT(EPOCH FROM (?1 - created_at)) AS bigint) FROM order_outbox
                      WHERE published_at IS NULL AND failed_at IS NULL ORDER BY outbox_id LIMIT 1), 0),
            (SELECT count(*) FROM (SELECT 1 FROM order_outbox WHERE published_at IS NULL AND failed_at IS NULL
                                   LIMIT %1$d) pending),
            (SELECT count(*) FROM (SELECT 1 FROM order_outbox WHERE failed_at IS NOT NULL LIMIT %1$d) failed)"""
            .formatted(BoundedCounts.UP_TO);

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public Backlog backlog(Instant now) {
        return StorageCalls.call("order backlog", () -> NativeResults.row(StatementDeadline.SCRAPE.bound(em.createNativeQuery(BACKLOG))
                .setParameter(1, Timestamp.from(now)), OrderOutboxRows::backlog));
    }
}
