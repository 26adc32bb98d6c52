package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.port.out.OrderDeliveryPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/** The order outbox's delivery state on PostgreSQL, leased with {@code FOR UPDATE SKIP LOCKED}. */
@ApplicationScoped
class JpaOrderDeliveryAdapter implements OrderDeliveryPort {

    private static final String LEASE = """
            WITH due AS (
                SELECT outbox_id FROM order_outbox
                WHERE published_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ?1
                  AND (lease_until IS NULL OR lease_until <= ?1)
                ORDER BY next_attempt_at
                LIMIT ?3
                FOR UPDATE SKIP LOCKED)
            UPDATE order_outbox x SET lease_until = ?2, attempt_count = x.attempt_count + 1
            FROM due, orders o
            WHERE x.outbox_id = due.outbox_id AND o.order_id = x.order_id
            RETURNING x.outbox_id, CAST(x.order_id AS text), x.attempt_count, x.charged_at IS NOT NULL,
                x.reserved_at IS NOT NULL, o.total_minor, o.currency""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<OrderDelivery> leaseDue(int max, Instant now, Instant leaseUntil) {
        return StorageCalls.call("order delivery lease", () -> LeaseQueries.lease(em, LEASE, now, leaseUntil, max)
                .stream()
                .map(row -> new OrderDelivery(NativeRows.number(row[0]), NativeRows.uuid(row[1]),
                        NativeRows.integer(row[2]), (Boolean) row[3], (Boolean) row[4], NativeRows.number(row[5]),
                        (String) row[6], OrderLineRows.of(em, (String) row[1])))
                .toList());
    }

    @Override
    public void markCharged(long outboxId, Instant now) {
        update("UPDATE order_outbox SET charged_at = ?2 WHERE outbox_id = ?1", outboxId, Timestamp.from(now));
    }

    @Override
    public void markReserved(long outboxId, Instant now) {
        update("UPDATE order_outbox SET reserved_at = ?2 WHERE outbox_id = ?1", outboxId, Timestamp.from(now));
    }

    @Override
    public void markDelivered(long outboxId, Instant now) {
        update("UPDATE order_outbox SET published_at = ?2, lease_until = NULL WHERE outbox_id = ?1", outboxId,
                Timestamp.from(now));
    }

    @Override
    public void retryLater(long outboxId, Instant nextAttemptAt, String redactedError) {
        release("next_attempt_at", outboxId, nextAttemptAt, redactedError);
    }

    @Override
    public void fail(long outboxId, String redactedError, Instant now) {
        release("failed_at", outboxId, now, redactedError);
    }

    /** Gives the lease up, setting one time column and the reason. */
    private void release(String timeColumn, long outboxId, Instant at, String redactedError) {
        StorageCalls.call("order delivery release", () -> em.createNativeQuery("UPDATE order_outbox SET "
                        + timeColumn + " = ?2, lease_until = NULL, last_error = ?3 WHERE outbox_id = ?1")
                .setParameter(1, outboxId)
                .setParameter(2, Timestamp.from(at))
                .setParameter(3, redactedError)
                .executeUpdate());
    }

    private void update(String sql, long outboxId, Timestamp at) {
        StorageCalls.call("order delivery update", () -> em.createNativeQuery(sql)
                .setParameter(1, outboxId)
                .setParameter(2, at)
                .executeUpdate());
    }
}
