package io.tambat.adapter.out.persistence.forwarding;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.LeaseQueries;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.RetentionDeletes;
import io.tambat.adapter.out.persistence.jdbc.StatementDeadline;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.BoundedCounts;
import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.ForwardableEvent;
import io.tambat.domain.model.forwarding.HeldKey;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.forwarding.ReceivedRange;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Forward deliveries on PostgreSQL, leased by the shared {@link LeaseQueries} statement per destination (with
 * per-object ordering, one delivery per ordering key at a time); every end a worker writes names its attempt and
 * changes nothing once the delivery was taken over. A paused destination is a row of
 * {@code forward_destination_pause}, so every instance sees it.
 */
@ApplicationScoped
class PostgresForwardingAdapter implements ForwardingPort {

    /**
     * The deliveries of a group of stored events or applied mutations, in one statement, in their order. A
     * delivery already there (the same message to the same destination) stays as it is: its message names its
     * event, so the copy has the same event and its time, and meets it under any unique key that holds that time
     * (hence no conflict target, which would name one key).
     */
    private static final String ENQUEUE = """
            INSERT INTO forward_delivery (destination_id, message_type, message_id, inbox_id, event_received_at,
                ordering_key, next_attempt_at, created_at)
            SELECT destination_id, message_type, message_id, inbox_id, event_received_at, ordering_key, created_at,
                created_at
            FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(CAST(? AS text[]) AS uuid[]),
                CAST(CAST(? AS text[]) AS timestamptz[]), CAST(? AS text[]), CAST(CAST(? AS text[]) AS timestamptz[]))
                AS forward(destination_id, message_type, message_id, inbox_id, event_received_at, ordering_key,
                    created_at)
            ON CONFLICT DO NOTHING""";

    /**
     * Events received in a range ({@code ?1}, {@code ?2}) after a position ({@code ?3}, {@code ?4}), with the
     * mutation each applied, at most {@code ?5}, through the received-time index; each locked against deletion.
     */
    private static final NumberedStatement RECEIVED = NumberedStatement.of("""
            SELECT CAST(i.inbox_id AS text), i.provider, i.endpoint_id, i.event_type, i.object_id, i.received_at,
                i.payload_ciphertext IS NOT NULL OR i.payload_object IS NOT NULL, m.object_id, m.applied_at
            FROM webhook_inbox i
                LEFT JOIN object_mutation m ON m.inbox_id = i.inbox_id AND m.event_received_at = i.received_at
            WHERE i.received_at >= ?1 AND i.received_at < ?2 AND (i.received_at, i.inbox_id) > (?3, CAST(?4 AS uuid))
            ORDER BY i.received_at, i.inbox_id
            LIMIT ?5
            FOR KEY SHARE OF i SKIP LOCKED""");

    /** Where a walk of the received events starts: before every event received at the range's start. */
    private static final UUID FIRST_ID = new UUID(0, 0);

    /**
     * Per-object leases of one destination run one at a time across the fleet, to the end of their transaction:
     * the lease statement that follows takes its snapshot after the one before committed, so it sees the leases
     * that one took and never leases a second message of a key beside them.
     */
    private static final NumberedStatement ONE_ORDERED_LEASE_AT_A_TIME = NumberedStatement.of(
            "SELECT pg_advisory_xact_lock(hashtextextended('forward_delivery lease ' || ?1, 0))");

    /**
     * The end of both lease statements: each delivery leased ({@code l}, from their CTE {@code leased}) with its event
     * {@code i} and, for a state change, its mutation {@code m}, each read in its day's partition alone by the
     * receipt the delivery keeps (exact for every delivery whose event is still there, V44).
     */
    private static final String LEASED_WITH_THEIR_EVENTS = """
            SELECT l.delivery_id, l.destination_id, l.message_type, l.message_id, CAST(l.inbox_id AS text),
                l.attempt_count, l.taken_over, i.provider, i.endpoint_id, i.event_type, i.provider_event_id,
                i.content_type, CASE WHEN l.message_type = 'event' THEN i.payload_key_id END,
                CASE WHEN l.message_type = 'event' THEN i.payload_ciphertext END,
                CASE WHEN l.message_type = 'event' THEN i.payload_object END,
                m.object_type, m.object_id, m.state, m.version, m.applied_at, l.ordering_key, l.created_at,
                l.attempts_before_schedule
            FROM leased l
                LEFT JOIN webhook_inbox i ON i.inbox_id = l.inbox_id AND i.received_at = l.event_received_at
                LEFT JOIN object_mutation m ON l.message_type = 'state-change' AND m.inbox_id = l.inbox_id
                    AND m.event_received_at = l.event_received_at""";

    /**
     * The lease of one destination's deliveries ({@code ?1} now, {@code ?2} the lease end, {@code ?3} the batch
     * size, {@code ?4} the destination), none while it is paused, in the shape every work queue shares
     * ({@link io.tambat.adapter.out.persistence.jdbc.LeaseQueries}). Each leased delivery {@code l} comes with its
     * event {@code i} and, for a state change, its mutation {@code m}; a delivery whose event is gone comes
     * without it ({@link ForwardRows#orphan}).
     */
    private static final NumberedStatement LEASE = NumberedStatement.of("""
            WITH due AS (
                SELECT delivery_id AS leased_key, lease_until IS NOT NULL AS taken_over FROM forward_delivery
                WHERE status = 'PENDING' AND destination_id = ?4
                    AND NOT EXISTS (SELECT 1 FROM forward_destination_pause p WHERE p.destination_id = ?4)
                    AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                ORDER BY next_attempt_at
                LIMIT ?3
                FOR UPDATE SKIP LOCKED),
            leased AS (
                UPDATE forward_delivery w SET lease_until = ?2, attempt_count = w.attempt_count + 1
                FROM due WHERE w.delivery_id = due.leased_key
                RETURNING w.*, due.taken_over)
            """ + LEASED_WITH_THEIR_EVENTS);

    /**
     * {@link #LEASE} for a destination that keeps each object's order: only a delivery with no earlier one of its
     * key pending or FAILED, and none of its key under a live lease, whatever its id (ids are given at insert, not
     * at commit: a state change can commit after a later event of its object was leased).
     */
    private static final NumberedStatement LEASE_IN_ORDER = NumberedStatement.of("""
            WITH due AS (
                SELECT delivery_id AS leased_key, lease_until IS NOT NULL AS taken_over FROM forward_delivery
                WHERE status = 'PENDING' AND destination_id = ?4
                    AND NOT EXISTS (SELECT 1 FROM forward_destination_pause p WHERE p.destination_id = ?4)
                    AND NOT EXISTS (SELECT 1 FROM forward_delivery other
                        WHERE other.destination_id = ?4 AND other.ordering_key = forward_delivery.ordering_key
                            AND other.status IN ('PENDING', 'FAILED')
                            AND (other.delivery_id < forward_delivery.delivery_id OR other.lease_until > ?1))
                    AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                ORDER BY next_attempt_at
                LIMIT ?3
                FOR UPDATE SKIP LOCKED),
            leased AS (
                UPDATE forward_delivery w SET lease_until = ?2, attempt_count = w.attempt_count + 1
                FROM due WHERE w.delivery_id = due.leased_key
                RETURNING w.*, due.taken_over)
            """ + LEASED_WITH_THEIR_EVENTS);

    /**
     * The end of one attempt ({@code ?1} delivery id, {@code ?2} attempt, {@code ?3} its status from now on,
     * {@code ?4} when it was delivered or FAILED, or is due again, {@code ?5} the destination's answer,
     * {@code ?6} the error), run as a batch for a group of ends. Each finds its row by primary key alone, fenced
     * by the attempt and a lease still set (every end clears it; a discard too). One statement over a list of ends
     * (a join to {@code unnest}) would be planned from the table's size and statistics, and was planned as a
     * sequential scan of every delivery while the table grew between analyses; a condition on the status would
     * let the planner pick a partial index on it, whose pending rows it then filters one by one.
     */
    private static final NumberedStatement END = NumberedStatement.of("""
            UPDATE forward_delivery SET status = ?3,
                delivered_at = CASE ?3 WHEN 'DELIVERED' THEN ?4 ELSE delivered_at END,
                failed_at = CASE ?3 WHEN 'FAILED' THEN ?4 ELSE failed_at END,
                next_attempt_at = CASE ?3 WHEN 'PENDING' THEN ?4 ELSE next_attempt_at END,
                lease_until = NULL, last_status = ?5, last_error = COALESCE(?6, last_error)
            WHERE delivery_id = ?1 AND attempt_count = ?2 AND lease_until IS NOT NULL""");

    /**
     * The transaction that writes ends commits without waiting for its WAL to reach the disk. A crash of the
     * database (not of Tambat) can then forget the last of them, some hundreds of milliseconds' worth
     * ({@code wal_writer_delay} three times over): those deliveries are sent again under their message ids, which
     * at-least-once allows, and a lease taken in the same transaction is taken again. Nothing else Tambat commits
     * (an accepted event, an applied mutation, a delivery recorded with its cause) is written this way.
     */
    private static final NumberedStatement COMMIT_WITHOUT_WAITING = NumberedStatement.of(
            "SET LOCAL synchronous_commit TO off");

    /**
     * Ends, in their lease's transaction, deliveries whose event is gone ({@code ?1} their ids as text,
     * {@code ?2} now). A replay now locks the event it moves, so retention cannot forget it meanwhile; these are
     * what a race before that left.
     */
    private static final String FAIL_ORPHANS = """
            UPDATE forward_delivery SET status = 'FAILED', failed_at = ?, lease_until = NULL,
                last_error = 'event_purged: retention forgot the event before this delivery was sent'
            WHERE delivery_id = ANY (CAST(CAST(? AS text[]) AS bigint[]))""";

    private static final NumberedStatement REDRIVE = NumberedStatement.of("""
            UPDATE forward_delivery SET status = 'PENDING', failed_at = NULL, next_attempt_at = ?3,
                attempts_before_schedule = attempt_count
            WHERE destination_id = ?1 AND delivery_id = ?2 AND status = 'FAILED'""");

    private static final NumberedStatement SKIP = NumberedStatement.of("""
            UPDATE forward_delivery SET status = 'SKIPPED', skipped_at = ?3
            WHERE destination_id = ?1 AND delivery_id = ?2 AND status = 'FAILED'""");

    /**
     * A bounded batch of a destination's deliveries in the statuses {@code ?7} (a comma-separated list: FAILED
     * for a redrive, every finished status for a replay), of events received in a range, after a delivery id,
     * back to due now: {@code ?1} destination, {@code ?2} batch size, {@code ?3} now, {@code ?4} and {@code ?5}
     * the range, {@code ?6} the last delivery id the batch before moved. The event each delivery sends is locked
     * against deletion until the batch commits, so retention never forgets it under a delivery made pending
     * again; one retention is deleting is passed over, as one already gone.
     */
    private static final String MOVE_RECEIVED = """
            UPDATE forward_delivery d SET status = 'PENDING', failed_at = NULL, skipped_at = NULL, next_attempt_at = ?3,
                attempts_before_schedule = d.attempt_count
            FROM (SELECT f.delivery_id FROM forward_delivery f JOIN webhook_inbox i ON i.inbox_id = f.inbox_id
                  WHERE f.destination_id = ?1 AND f.status = ANY (string_to_array(CAST(?7 AS text), ','))
                      AND f.delivery_id > ?6 AND i.received_at >= ?4 AND i.received_at < ?5
                  ORDER BY f.delivery_id LIMIT ?2 FOR UPDATE OF f SKIP LOCKED FOR KEY SHARE OF i SKIP LOCKED) chosen
            WHERE d.delivery_id = chosen.delivery_id
            RETURNING d.delivery_id""";

    /**
     * A bounded batch of a destination's unfinished deliveries, after a delivery id, given up: {@code ?1}
     * destination, {@code ?2} batch size, {@code ?3} now, {@code ?4} the last delivery id the batch before moved.
     * Through no other table, so a delivery whose event is gone is given up too.
     */
    private static final String DISCARD = """
            UPDATE forward_delivery d SET status = 'SKIPPED', skipped_at = ?3, lease_until = NULL
            FROM (SELECT delivery_id FROM forward_delivery
                  WHERE destination_id = ?1 AND status IN ('PENDING', 'FAILED') AND delivery_id > ?4
                  ORDER BY delivery_id LIMIT ?2 FOR UPDATE SKIP LOCKED) chosen
            WHERE d.delivery_id = chosen.delivery_id
            RETURNING d.delivery_id""";

    /**
     * The destinations with unfinished deliveries: a skip scan of the index that holds only those, one probe per
     * destination.
     */
    private static final String WITH_UNFINISHED = """
            WITH RECURSIVE unfinished (destination_id) AS (
                (SELECT destination_id FROM forward_delivery WHERE status IN ('PENDING', 'FAILED')
                 ORDER BY destination_id LIMIT 1)
                UNION ALL
                SELECT (SELECT f.destination_id FROM forward_delivery f
                        WHERE f.status IN ('PENDING', 'FAILED') AND f.destination_id > u.destination_id
                        ORDER BY f.destination_id LIMIT 1)
                FROM unfinished u WHERE u.destination_id IS NOT NULL)
            SELECT destination_id FROM unfinished WHERE destination_id IS NOT NULL""";

    private static final NumberedStatement PAUSE = NumberedStatement.of("""
            INSERT INTO forward_destination_pause (destination_id, paused_at) VALUES (?1, ?2)
            ON CONFLICT (destination_id) DO NOTHING""");

    private static final NumberedStatement RESUME = NumberedStatement.of(
            "DELETE FROM forward_destination_pause WHERE destination_id = ?1");

    /** Oldest first by key: ids grow with time, so a batch finds what is old at the start of the key. */
    private static final String PURGE_FINISHED = """
            DELETE FROM forward_delivery WHERE delivery_id IN (
                SELECT delivery_id FROM forward_delivery WHERE status IN ('DELIVERED', 'SKIPPED') AND created_at < ?1
                ORDER BY delivery_id LIMIT ?2)""";

    private static final String STATUS = """
            SELECT status FROM forward_delivery WHERE destination_id = ?1 AND delivery_id = ?2""";

    /**
     * One destination's backlog ({@code ?1} the destination, {@code ?2} now, {@code ?3} whether FAILED deliveries
     * hold their keys), each through its partial index: the counts up to
     * {@link BoundedCounts#UP_TO}, the oldest pending one the first entry of its index.
     */
    private static final String BACKLOG = """
            SELECT (SELECT count(*) FROM (SELECT 1 FROM forward_delivery WHERE destination_id = ?1
                    AND status = 'PENDING' LIMIT %1$d) pending),
                (SELECT count(*) FROM (SELECT 1 FROM forward_delivery WHERE destination_id = ?1
                    AND status = 'FAILED' LIMIT %1$d) failed),
                (SELECT COALESCE(CAST(EXTRACT(EPOCH FROM (?2 - min(created_at))) AS bigint), 0)
                 FROM forward_delivery WHERE destination_id = ?1 AND status = 'PENDING'),
                (SELECT max(delivered_at) FROM forward_delivery WHERE destination_id = ?1 AND status = 'DELIVERED'),
                (SELECT CASE WHEN ?3 THEN count(DISTINCT ordering_key) ELSE 0 END FROM (SELECT ordering_key
                    FROM forward_delivery WHERE destination_id = ?1 AND status = 'FAILED' LIMIT %1$d) held),
                EXISTS (SELECT 1 FROM forward_destination_pause WHERE destination_id = ?1)""".formatted(
            BoundedCounts.UP_TO);

    /**
     * The keys FAILED deliveries hold ({@code ?1} the destination, {@code ?2} how many): each key's first
     * unfinished delivery when it is FAILED, with how many of the key's deliveries wait behind it.
     */
    private static final String HELD_KEYS = """
            SELECT f.ordering_key, f.delivery_id, f.failed_at,
                (SELECT count(*) FROM forward_delivery w WHERE w.destination_id = ?1 AND w.ordering_key = f.ordering_key
                 AND w.status = 'PENDING' AND w.delivery_id > f.delivery_id)
            FROM forward_delivery f
            WHERE f.destination_id = ?1 AND f.status = 'FAILED'
                AND NOT EXISTS (SELECT 1 FROM forward_delivery e WHERE e.destination_id = ?1
                    AND e.ordering_key = f.ordering_key AND e.status IN ('PENDING', 'FAILED')
                    AND e.delivery_id < f.delivery_id)
            ORDER BY f.failed_at, f.delivery_id
            LIMIT ?2""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public int enqueue(List<NewForward> forwards) {
        return StorageCalls.call("forward enqueue", () -> EnlistedConnection.update(em, ENQUEUE, (connection, statement) -> {
            statement.setArray(1, EnlistedConnection.texts(connection,
                    forwards.stream().map(NewForward::destinationId).toList()));
            statement.setArray(2, EnlistedConnection.texts(connection,
                    forwards.stream().map(forward -> forward.type().wireName()).toList()));
            statement.setArray(3, EnlistedConnection.texts(connection,
                    forwards.stream().map(NewForward::messageId).toList()));
            statement.setArray(4, EnlistedConnection.texts(connection,
                    forwards.stream().map(forward -> forward.inboxId().toString()).toList()));
            statement.setArray(5, EnlistedConnection.texts(connection,
                    forwards.stream().map(forward -> forward.eventReceivedAt().toString()).toList()));
            statement.setArray(6, EnlistedConnection.texts(connection,
                    forwards.stream().map(NewForward::orderingKey).toList()));
            statement.setArray(7, EnlistedConnection.texts(connection,
                    forwards.stream().map(forward -> forward.createdAt().toString()).toList()));
        }));
    }

    @Override
    public List<ForwardableEvent> received(ReceivedRange range, Optional<ForwardableEvent> after, int max) {
        return StorageCalls.call("forward received events", () -> EnlistedConnection.query(em, RECEIVED,
                EnlistedConnection.columnsTo(ForwardRows::forwardable), Timestamp.from(range.from()),
                Timestamp.from(range.to()), Timestamp.from(after.map(ForwardableEvent::receivedAt).orElse(range.from())),
                after.map(ForwardableEvent::inboxId).orElse(FIRST_ID).toString(), max));
    }

    @Override
    public List<ForwardDelivery> leaseDue(String destinationId, Destination.Ordering ordering, int max, Instant now,
            Instant leaseUntil) {
        List<Object[]> rows = ordering == Destination.Ordering.NONE
                ? StorageCalls.call("forward lease", () -> LeaseQueries.lease(em, LEASE, row -> row, now, leaseUntil,
                        max, destinationId))
                : StorageCalls.call("forward lease in order", () -> {
                    EnlistedConnection.query(em, ONE_ORDERED_LEASE_AT_A_TIME, row -> null, destinationId);
                    return LeaseQueries.lease(em, LEASE_IN_ORDER, row -> row, now, leaseUntil, max, destinationId);
                });
        List<String> orphans = rows.stream().filter(ForwardRows::orphan)
                .map(row -> String.valueOf(ForwardRows.deliveryId(row))).toList();
        if (!orphans.isEmpty()) {
            StorageCalls.call("forward orphans", () -> EnlistedConnection.update(em, FAIL_ORPHANS,
                    (connection, statement) -> {
                        statement.setTimestamp(1, Timestamp.from(now));
                        statement.setArray(2, EnlistedConnection.texts(connection, orphans));
                    }));
        }
        return rows.stream().filter(row -> !ForwardRows.orphan(row)).map(ForwardRows::leased).toList();
    }

    @Override
    public Set<DeliveryEnd> end(List<DeliveryEnd> ends) {
        if (ends.isEmpty()) {
            return Set.of();
        }
        StorageCalls.call("forward end commit", () -> EnlistedConnection.update(em, COMMIT_WITHOUT_WAITING));
        int[] changed = StorageCalls.call("forward end", () -> EnlistedConnection.batch(em, END, ends.stream()
                .map(end -> new Object[] {end.deliveryId(), end.attempt(), statusAfter(end), Timestamp.from(end.at()),
                    end.status().orElse(null), end.error().orElse(null)})
                .toList()));
        Set<DeliveryEnd> written = new HashSet<>();
        for (int i = 0; i < changed.length; i++) {
            if (changed[i] == 1) {
                written.add(ends.get(i));
            }
        }
        return written;
    }

    private static String statusAfter(DeliveryEnd end) {
        return switch (end.kind()) {
            case DELIVERED -> DeliveryStatus.DELIVERED.name();
            case RETRY_LATER -> DeliveryStatus.PENDING.name();
            case FAILED -> DeliveryStatus.FAILED.name();
        };
    }

    @Override
    public DestinationBacklog backlog(String destinationId, Destination.Ordering ordering, Instant now) {
        return StorageCalls.call("forward backlog", () -> NativeResults.row(
                StatementDeadline.SCRAPE.bound(em.createNativeQuery(BACKLOG))
                .setParameter(1, destinationId)
                .setParameter(2, Timestamp.from(now))
                .setParameter(3, ordering == Destination.Ordering.PER_OBJECT), ForwardRows::backlog));
    }

    @Override
    public List<DeliveryRecord> deliveries(String destinationId, DeliveryQuery query) {
        StringBuilder sql = new StringBuilder("""
                SELECT delivery_id, message_id, message_type, CAST(inbox_id AS text), status, attempt_count,
                    next_attempt_at, delivered_at, last_error, last_status, created_at
                FROM forward_delivery d WHERE destination_id = ?1""");
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
        return changesOne("forward redrive", REDRIVE, destinationId, deliveryId, Timestamp.from(now));
    }

    @Override
    public boolean skip(String destinationId, long deliveryId, Instant now) {
        return changesOne("forward skip", SKIP, destinationId, deliveryId, Timestamp.from(now));
    }

    @Override
    public List<Long> redriveFailed(String destinationId, ReceivedRange range, Optional<Long> after, int max,
            Instant now) {
        return moveReceived("forward bulk redrive", "FAILED", destinationId, range, after, max, now);
    }

    @Override
    public List<Long> replay(String destinationId, ReceivedRange range, Optional<Long> after, int max, Instant now) {
        return moveReceived("forward replay", "DELIVERED,FAILED,SKIPPED", destinationId, range, after, max, now);
    }

    @Override
    public List<Long> discard(String destinationId, Optional<Long> after, int max, Instant now) {
        return moved("forward discard", () -> em.createNativeQuery(DISCARD)
                .setParameter(1, destinationId)
                .setParameter(2, max)
                .setParameter(3, Timestamp.from(now))
                .setParameter(4, after.orElse(0L)));
    }

    @Override
    public List<String> withUnfinishedDeliveries() {
        return StorageCalls.call("forward destinations with unfinished deliveries", () -> NativeResults.values(
                em.createNativeQuery(WITH_UNFINISHED), String.class::cast));
    }

    @Override
    public boolean pause(String destinationId, Instant now) {
        return changesOne("destination pause", PAUSE, destinationId, Timestamp.from(now));
    }

    @Override
    public boolean resume(String destinationId) {
        return changesOne("destination resume", RESUME, destinationId);
    }

    @Override
    public List<HeldKey> heldKeys(String destinationId, int limit) {
        return StorageCalls.call("forward held keys", () -> NativeResults.rows(em.createNativeQuery(HELD_KEYS)
                .setParameter(1, destinationId)
                .setParameter(2, limit), ForwardRows::heldKey));
    }

    @Override
    public int purgeFinished(Instant causedBefore, int batch) {
        return RetentionDeletes.run(em, "finished forward purge", PURGE_FINISHED, causedBefore, batch);
    }

    @Override
    public Optional<DeliveryStatus> status(String destinationId, long deliveryId) {
        return StorageCalls.call("forward status", () -> NativeResults.values(em.createNativeQuery(STATUS)
                .setParameter(1, destinationId)
                .setParameter(2, deliveryId), value -> DeliveryStatus.valueOf((String) value))).stream().findFirst();
    }

    private List<Long> moveReceived(String what, String statuses, String destinationId, ReceivedRange range,
            Optional<Long> after, int max, Instant now) {
        return moved(what, () -> em.createNativeQuery(MOVE_RECEIVED)
                .setParameter(1, destinationId)
                .setParameter(2, max)
                .setParameter(3, Timestamp.from(now))
                .setParameter(4, Timestamp.from(range.from()))
                .setParameter(5, Timestamp.from(range.to()))
                .setParameter(6, after.orElse(0L))
                .setParameter(7, statuses));
    }

    /** The delivery ids a bulk action's batch returned, ascending: the last is where its next batch starts. */
    private List<Long> moved(String what, Supplier<Query> batch) {
        return StorageCalls.call(what, () -> NativeResults.values(batch.get(), ColumnValues::number)).stream()
                .sorted().toList();
    }

    /** Whether the statement changed its one row. */
    private boolean changesOne(String what, NumberedStatement sql, Object... values) {
        return StorageCalls.call(what, () -> EnlistedConnection.update(em, sql, values)) == 1;
    }

    /** Appends a condition on the next numbered parameter. */
    private static StringBuilder condition(StringBuilder sql, List<Object> values, String prefix, Object value) {
        values.add(value);
        return sql.append(prefix).append('?').append(values.size());
    }
}
