package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.jdbc.LeaseQueries;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.order.FailedOrderDelivery;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.port.out.order.OrderDeliveryPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/**
 * The order outbox's delivery state on PostgreSQL, leased by the shared {@link LeaseQueries} statement; every
 * write a consumer makes names its attempt and changes nothing once the notification was taken over.
 */
@ApplicationScoped
class PostgresOrderDeliveryAdapter implements OrderDeliveryPort {

    private static final NumberedStatement LEASE = LeaseQueries.statement("order_outbox", "outbox_id",
            "published_at IS NULL AND failed_at IS NULL", "",
            "SELECT " + OrderOutboxRows.LEASED + " FROM leased l JOIN orders o ON o.order_id = l.order_id");

    /** Writes of a leased notification: only while the attempt holds the lease ({@code ?2}). */
    private static final String LEASED = " WHERE outbox_id = ?1 AND attempt_count = ?2 AND published_at IS NULL"
            + " AND failed_at IS NULL";

    private static final String FAILED = "SELECT " + OrderOutboxRows.FAILED + """
             FROM order_outbox WHERE failed_at IS NOT NULL
            ORDER BY failed_at DESC
            LIMIT ?1""";

    private static final String REDRIVE = """
            UPDATE order_outbox SET failed_at = NULL, next_attempt_at = ?2, lease_until = NULL
            WHERE outbox_id = ?1 AND failed_at IS NOT NULL""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<OrderDelivery> leaseDue(int max, Instant now, Instant leaseUntil) {
        return StorageCalls.call("order delivery lease",
                () -> LeaseQueries.lease(em, LEASE, OrderOutboxRows::leased, now, leaseUntil, max).stream()
                        .map(leased -> leased.withLines(OrderLines.of(em, leased.orderId())))
                        .toList());
    }

    @Override
    public boolean markCharged(long outboxId, int attempt, Instant now) {
        return write("charged_at = ?3", outboxId, attempt, now, null);
    }

    @Override
    public boolean markReserved(long outboxId, int attempt, Instant now) {
        return write("reserved_at = ?3", outboxId, attempt, now, null);
    }

    @Override
    public boolean markDelivered(long outboxId, int attempt, Instant now) {
        return write("published_at = ?3, lease_until = NULL", outboxId, attempt, now, null);
    }

    @Override
    public boolean retryLater(long outboxId, int attempt, Instant nextAttemptAt, String redactedError) {
        return write("next_attempt_at = ?3, lease_until = NULL, last_error = ?4", outboxId, attempt, nextAttemptAt,
                redactedError);
    }

    @Override
    public boolean fail(long outboxId, int attempt, String redactedError, Instant now) {
        return write("failed_at = ?3, lease_until = NULL, last_error = ?4", outboxId, attempt, now, redactedError);
    }

    @Override
    public List<FailedOrderDelivery> failed(int limit) {
        return StorageCalls.call("failed order deliveries", () -> NativeResults.rows(
                em.createNativeQuery(FAILED).setParameter(1, limit), OrderOutboxRows::failed));
    }

    @Override
    public boolean redrive(long outboxId, Instant now) {
        return StorageCalls.call("order delivery redrive", () -> em.createNativeQuery(REDRIVE)
                .setParameter(1, outboxId)
                .setParameter(2, Timestamp.from(now))
                .executeUpdate()) == 1;
    }

    /** One fenced write: {@code ?3} a time, {@code ?4} a redacted reason where the assignments use one. */
    private boolean write(String assignments, long outboxId, int attempt, Instant at, String redactedError) {
        String sql = "UPDATE order_outbox SET " + assignments + LEASED;
        return StorageCalls.call("order delivery update", () -> {
            var query = em.createNativeQuery(sql)
                    .setParameter(1, outboxId)
                    .setParameter(2, attempt)
                    .setParameter(3, Timestamp.from(at));
            if (redactedError != null) {
                query.setParameter(4, redactedError);
            }
            return query.executeUpdate();
        }) == 1;
    }
}
