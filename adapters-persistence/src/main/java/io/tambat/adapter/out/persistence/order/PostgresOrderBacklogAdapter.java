package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.port.out.order.OrderBacklogPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;

/** Order backlog from the tables: in-progress long operations and undelivered OrderCreated notifications. */
@ApplicationScoped
class PostgresOrderBacklogAdapter implements OrderBacklogPort {

    private static final String BACKLOG = """
            SELECT (SELECT COALESCE(CAST(EXTRACT(EPOCH FROM (?1 - min(created_at))) AS bigint), 0)
             FROM idempotency_requests WHERE operation_id IS NOT NULL AND outcome IS NULL),
            (SELECT COALESCE(CAST(EXTRACT(EPOCH FROM (?1 - min(created_at))) AS bigint), 0)
             FROM order_outbox WHERE published_at IS NULL AND failed_at IS NULL),
            (SELECT count(*) FROM order_outbox WHERE published_at IS NULL AND failed_at IS NULL),
            (SELECT count(*) FROM order_outbox WHERE failed_at IS NOT NULL)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public Backlog backlog(Instant now) {
        return StorageCalls.call("order backlog", () -> NativeResults.row(em.createNativeQuery(BACKLOG)
                .setParameter(1, Timestamp.from(now)), OrderOutboxRows::backlog));
    }
}
