package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.port.out.ForwardingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Forward deliveries on PostgreSQL, leased by the shared {@link LeaseQueries} statement per destination; every
 * end a worker writes names its attempt and changes nothing once the delivery was taken over.
 */
@ApplicationScoped
class PostgresForwardingAdapter implements ForwardingPort {

    /**
     * The deliveries of a group of stored events or applied mutations, in one statement, in their order. A delivery already there (the same message
     * to the same destination) stays as it is.
     */
    private static final String ENQUEUE = """
            INSERT INTO forward_delivery (destination_id, message_type, message_id, inbox_id, ordering_key,
                next_attempt_at, created_at)
            SELECT destination_id, message_type, message_id, inbox_id, ordering_key, created_at, created_at
            FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(CAST(? AS text[]) AS uuid[]),
                CAST(? AS text[]), CAST(CAST(? AS text[]) AS timestamptz[]))
                AS forward(destination_id, message_type, message_id, inbox_id, ordering_key, created_at)
            ON CONFLICT (destination_id, message_id) DO NOTHING""";

    private static final NumberedStatement LEASE = LeaseQueries.statement("forward_delivery", "delivery_id",
            "status = 'PENDING' AND destination_id = ?4", "",
            "SELECT " + ForwardRows.LEASED + " " + ForwardRows.LEASED_FROM);

    /*
     * The ends find their row by primary key alone, fenced by the attempt and a lease still set (every end
     * clears it): a condition on the status would let the planner pick a partial index on it, whose pending rows
     * it then filters one by one.
     */

    private static final NumberedStatement DELIVERED = NumberedStatement.of("""
            UPDATE forward_delivery SET status = 'DELIVERED', delivered_at = ?3, lease_until = NULL, last_status = ?4
            WHERE delivery_id = ?1 AND attempt_count = ?2 AND lease_until IS NOT NULL""");

    private static final NumberedStatement RETRY_LATER = NumberedStatement.of("""
            UPDATE forward_delivery SET next_attempt_at = ?3, lease_until = NULL, last_status = ?4, last_error = ?5
            WHERE delivery_id = ?1 AND attempt_count = ?2 AND lease_until IS NOT NULL""");

    private static final NumberedStatement FAIL = NumberedStatement.of("""
            UPDATE forward_delivery SET status = 'FAILED', failed_at = ?3, lease_until = NULL, last_status = ?4,
                last_error = ?5
            WHERE delivery_id = ?1 AND attempt_count = ?2 AND lease_until IS NOT NULL""");

    private static final String REDRIVE = """
            UPDATE forward_delivery SET status = 'PENDING', failed_at = NULL, next_attempt_at = ?3
            WHERE destination_id = ?1 AND delivery_id = ?2 AND status = 'FAILED'""";

    private static final String STATUS = """
            SELECT status FROM forward_delivery WHERE destination_id = ?1 AND delivery_id = ?2""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public void enqueue(List<NewForward> forwards) {
        StorageCalls.call("forward enqueue", () -> EnlistedConnection.update(em, ENQUEUE, (connection, statement) -> {
            statement.setArray(1, EnlistedConnection.texts(connection,
                    forwards.stream().map(NewForward::destinationId).toList()));
            statement.setArray(2, EnlistedConnection.texts(connection,
                    forwards.stream().map(forward -> forward.type().wireName()).toList()));
            statement.setArray(3, EnlistedConnection.texts(connection,
                    forwards.stream().map(NewForward::messageId).toList()));
            statement.setArray(4, EnlistedConnection.texts(connection,
                    forwards.stream().map(forward -> forward.inboxId().toString()).toList()));
            statement.setArray(5, EnlistedConnection.texts(connection,
                    forwards.stream().map(NewForward::orderingKey).toList()));
            statement.setArray(6, EnlistedConnection.texts(connection,
                    forwards.stream().map(forward -> forward.createdAt().toString()).toList()));
        }));
    }

    @Override
    public List<ForwardDelivery> leaseDue(String destinationId, int max, Instant now, Instant leaseUntil) {
        return StorageCalls.call("forward lease", () -> LeaseQueries.lease(em, LEASE, ForwardRows::leased, now,
                leaseUntil, max, destinationId));
    }

    @Override
    public boolean delivered(long deliveryId, int attempt, Optional<Integer> status, Instant now) {
        return end("forward delivered", DELIVERED, deliveryId, attempt, Timestamp.from(now), status.orElse(null));
    }

    @Override
    public boolean retryLater(long deliveryId, int attempt, Instant nextAttemptAt, Optional<Integer> status,
            String redactedError) {
        return end("forward retry", RETRY_LATER, deliveryId, attempt, Timestamp.from(nextAttemptAt),
                status.orElse(null), redactedError);
    }

    @Override
    public boolean fail(long deliveryId, int attempt, Optional<Integer> status, String redactedError, Instant now) {
        return end("forward fail", FAIL, deliveryId, attempt, Timestamp.from(now), status.orElse(null),
                redactedError);
    }

    @Override
    public DestinationBacklog backlog(String destinationId, Instant now) {
        return StorageCalls.call("forward backlog", () -> NativeResults.row(em.createNativeQuery(ForwardRows.BACKLOG)
                .setParameter(1, destinationId)
                .setParameter(2, Timestamp.from(now)), ForwardRows::backlog));
    }

    @Override
    public List<DeliveryRecord> deliveries(String destinationId, DeliveryQuery query) {
        StringBuilder sql = new StringBuilder("SELECT ").append(ForwardRows.RECORD)
                .append(" FROM forward_delivery d WHERE destination_id = ?1");
        List<Object> values = new ArrayList<>(List.of(destinationId));
        query.status().ifPresent(status -> condition(sql, values, " AND status = ", status.name()));
        query.inboxId().ifPresent(id -> condition(sql, values, " AND inbox_id = CAST(", id.toString()).append(" AS uuid)"));
        query.startingAfter().ifPresent(after -> condition(sql, values, " AND delivery_id < ", after));
        if (query.receivedFrom().isPresent() || query.receivedTo().isPresent()) {
            sql.append(" AND EXISTS (SELECT 1 FROM webhook_inbox i WHERE i.inbox_id = d.inbox_id");
            query.receivedFrom().ifPresent(from -> condition(sql, values, " AND i.received_at >= ",
                    Timestamp.from(from)));
            query.receivedTo().ifPresent(to -> condition(sql, values, " AND i.received_at < ", Timestamp.from(to)));
            sql.append(')');
        }
        sql.append(" ORDER BY delivery_id DESC LIMIT ").append(query.limit());
        return StorageCalls.call("forward deliveries", () -> {
            var native_ = em.createNativeQuery(sql.toString());
            for (int i = 0; i < values.size(); i++) {
                native_.setParameter(i + 1, values.get(i));
            }
            return NativeResults.rows(native_, ForwardRows::record);
        });
    }

    @Override
    public boolean redrive(String destinationId, long deliveryId, Instant now) {
        return StorageCalls.call("forward redrive", () -> em.createNativeQuery(REDRIVE)
                .setParameter(1, destinationId)
                .setParameter(2, deliveryId)
                .setParameter(3, Timestamp.from(now))
                .executeUpdate()) == 1;
    }

    @Override
    public Optional<DeliveryStatus> status(String destinationId, long deliveryId) {
        return StorageCalls.call("forward status", () -> NativeResults.values(em.createNativeQuery(STATUS)
                .setParameter(1, destinationId)
                .setParameter(2, deliveryId), value -> DeliveryStatus.valueOf((String) value))).stream().findFirst();
    }

    private boolean end(String what, NumberedStatement sql, Object... values) {
        return StorageCalls.call(what, () -> EnlistedConnection.update(em, sql, values)) == 1;
    }

    /** Appends a condition on the next numbered parameter. */
    private static StringBuilder condition(StringBuilder sql, List<Object> values, String prefix, Object value) {
        values.add(value);
        return sql.append(prefix).append('?').append(values.size());
    }
}
