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

    /**
     * The lease ({@code ?1} now, {@code ?2} the lease end, {@code ?3} the batch size), in the shape every work
     * queue shares ({@link io.tambat.adapter.out.persistence.jdbc.LeaseQueries}), with each notification's order.
     */
    private static final NumberedStatement LEASE = NumberedStatement.of("""
            WITH due AS (
                SELECT outbox_id AS leased_key, lease_until IS NOT NULL AS taken_over FROM order_outbox
                WHERE published_at IS NULL AND failed_at IS NULL
                    AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                ORDER BY next_attempt_at
                LIMIT ?3
                FOR UPDATE SKIP LOCKED),
            leased AS (
                UPDATE order_outbox w SET lease_until = ?2, attempt_count = w.attempt_count + 1
                FROM due WHERE w.outbox_id = due.leased_key
                RETURNING w.*, due.taken_over)
            SELECT l.outbox_id, CAST(l.order_id AS text), l.attempt_count, l.taken_over, l.charged_at IS NOT NULL,
                l.reserved_at IS NOT NULL, o.total_minor, o.currency
            FROM leased l JOIN orders o ON o.order_id = l.order_id""");

    // The writes of a leased notification (?1), each only while its attempt (?2) holds the lease
    // and the notification is unfinished: ?3 a time, ?4 a redacted reason.

    /** The payment step is done. */
    private static final String CHARGED = """
            UPDATE order_outbox SET charged_at = ?3
            WHERE outbox_id = ?1 AND attempt_count = ?2 AND published_at IS NULL AND failed_at IS NULL""";

    /** The inventory step is done. */
    private static final String RESERVED = """
            UPDATE order_outbox SET reserved_at = ?3
            WHERE outbox_id = ?1 AND attempt_count = ?2 AND published_at IS NULL AND failed_at IS NULL""";

    /** Both steps are done: the notification is delivered. */
    private static final String DELIVERED = """
            UPDATE order_outbox SET published_at = ?3, lease_until = NULL
            WHERE outbox_id = ?1 AND attempt_count = ?2 AND published_at IS NULL AND failed_at IS NULL""";

    /** The attempt failed; the next is due at {@code ?3}. */
    private static final String RETRY_LATER = """
            UPDATE order_outbox SET next_attempt_at = ?3, lease_until = NULL, last_error = ?4
            WHERE outbox_id = ?1 AND attempt_count = ?2 AND published_at IS NULL AND failed_at IS NULL""";

    /** The attempt failed and no other will follow. */
    private static final String FAILED_FOR_GOOD = """
            UPDATE order_outbox SET failed_at = ?3, lease_until = NULL, last_error = ?4
            WHERE outbox_id = ?1 AND attempt_count = ?2 AND published_at IS NULL AND failed_at IS NULL""";

    private static final String FAILED = """
            SELECT outbox_id, CAST(order_id AS text), attempt_count, charged_at IS NOT NULL, reserved_at IS NOT NULL,
                last_error, created_at, failed_at FROM order_outbox WHERE failed_at IS NOT NULL
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
        return write(CHARGED, outboxId, attempt, now, null);
    }

    @Override
    public boolean markReserved(long outboxId, int attempt, Instant now) {
        return write(RESERVED, outboxId, attempt, now, null);
    }

    @Override
    public boolean markDelivered(long outboxId, int attempt, Instant now) {
        return write(DELIVERED, outboxId, attempt, now, null);
    }

    @Override
    public boolean retryLater(long outboxId, int attempt, Instant nextAttemptAt, String redactedError) {
        return write(RETRY_LATER, outboxId, attempt, nextAttemptAt, redactedError);
    }

    @Override
    public boolean fail(long outboxId, int attempt, String redactedError, Instant now) {
        return write(FAILED_FOR_GOOD, outboxId, attempt, now, redactedError);
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

    /** One fenced write: {@code ?3} a time, {@code ?4} a redacted reason where the statement uses one. */
    private boolean write(String sql, long outboxId, int attempt, Instant at, String redactedError) {
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
