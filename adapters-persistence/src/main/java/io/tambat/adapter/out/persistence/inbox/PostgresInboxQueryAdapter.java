package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.StatementDeadline;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.BoundedCounts;
import io.tambat.domain.model.inbox.InboxEvent;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.port.out.inbox.InboxQueryPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Operator views of the inbox. Selects the payload only for its audited reveal, sealed (or the name of its object
 * in the payload object store).
 */
@ApplicationScoped
public class PostgresInboxQueryAdapter implements InboxQueryPort {

    /**
     * A page of the listing: the status {@code ?1} (as the API shows it: a leased row is PROCESSING), the
     * selection's filters {@code ?2} to {@code ?6} as the bulk actions of {@link PostgresInboxWorkAdapter} read
     * them, the event id {@code ?7}. Newest first and by id among rows received together, so that
     * the page after a row starts exactly where its page ended ({@code ?8}, {@code ?9}: that row's receipt time
     * and id). The receipt-time index serves the order.
     */
    private static final String LIST = """
            SELECT CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, event_type, object_id,
                object_version, CASE WHEN lease_until IS NULL THEN status ELSE 'PROCESSING' END, attempt_count,
                received_at, next_attempt_at, matched_secret_version, last_error,
                payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL
            FROM webhook_inbox
            WHERE (CAST(?1 AS text) IS NULL OR CASE WHEN lease_until IS NULL THEN status ELSE 'PROCESSING' END = ?1)
              AND (CAST(?2 AS text) IS NULL OR provider = ?2)
              AND (CAST(?3 AS text) IS NULL OR endpoint_id = ?3)
              AND (CAST(?4 AS text) IS NULL OR event_type = ?4)
              AND (CAST(?5 AS timestamptz) IS NULL OR received_at >= CAST(?5 AS timestamptz))
              AND (CAST(?6 AS timestamptz) IS NULL OR received_at < CAST(?6 AS timestamptz))
              AND (CAST(?7 AS text) IS NULL OR provider_event_id = ?7)
              AND (CAST(?8 AS timestamptz) IS NULL
                   OR (received_at, inbox_id) < (CAST(?8 AS timestamptz), CAST(?9 AS uuid)))
            ORDER BY received_at DESC, inbox_id DESC
            LIMIT ?10""";

    private static final String RECEIVED_AT = "SELECT received_at FROM webhook_inbox WHERE inbox_id = CAST(?1 AS uuid)";

    /**
     * The forwarding outbox as a whole: deliveries pending to any destination, counted up to
     * {@link BoundedCounts#UP_TO}, and the oldest one's creation. The oldest is found destination by
     * destination (a skip scan of the pending-age index, one probe per destination with pending deliveries), so
     * that reading it never walks the backlog.
     */
    private static final String FORWARDING_OUTBOX = """
            WITH RECURSIVE pending_destination (destination_id) AS (
                (SELECT destination_id FROM forward_delivery WHERE status = 'PENDING'
                 ORDER BY destination_id LIMIT 1)
                UNION ALL
                SELECT (SELECT f.destination_id FROM forward_delivery f
                        WHERE f.status = 'PENDING' AND f.destination_id > d.destination_id
                        ORDER BY f.destination_id LIMIT 1)
                FROM pending_destination d WHERE d.destination_id IS NOT NULL)
            SELECT (SELECT count(*) FROM (SELECT 1 FROM forward_delivery WHERE status = 'PENDING' LIMIT %d) pending),
                (SELECT min((SELECT min(f.created_at) FROM forward_delivery f
                             WHERE f.status = 'PENDING' AND f.destination_id = d.destination_id))
                 FROM pending_destination d WHERE d.destination_id IS NOT NULL)""".formatted(
            BoundedCounts.UP_TO);

    /** A row's payload, in the row or named in the object store, with the identity it is bound to. */
    private static final String PAYLOAD = """
            SELECT CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, payload_key_id, payload_ciphertext,
                payload_object
            FROM webhook_inbox WHERE inbox_id = CAST(?1 AS uuid)""";

    /** One row as an operator sees it: never the payload, only whether it is still retained. */
    private static final String FIND = """
            SELECT CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, event_type, object_id,
                object_version, CASE WHEN lease_until IS NULL THEN status ELSE 'PROCESSING' END, attempt_count,
                received_at, next_attempt_at, matched_secret_version, last_error,
                payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL
            FROM webhook_inbox WHERE inbox_id = CAST(?1 AS uuid)""";

    /**
     * A row's statuses, oldest first, as operators read them: RECEIVED when it was stored, then each recorded
     * change, an ended attempt showing as PROCESSING at its start followed by its outcome, and last the attempt
     * under way, if any. The first and the last are read from the row itself: history stores only what the row
     * does not hold ({@link PostgresInboxWorkAdapter}).
     */
    static final String HISTORY = """
            SELECT status, at FROM (
                SELECT 'RECEIVED' AS status, received_at AS at, 0 AS position, 0 AS part FROM webhook_inbox
                WHERE inbox_id = CAST(?1 AS uuid)
                UNION ALL
                SELECT 'PROCESSING', attempt_started_at, history_id, 0 FROM webhook_inbox_history
                WHERE inbox_id = CAST(?1 AS uuid) AND attempt_started_at IS NOT NULL
                UNION ALL
                SELECT status, at, history_id, 1 FROM webhook_inbox_history WHERE inbox_id = CAST(?1 AS uuid)
                UNION ALL
                SELECT 'PROCESSING', leased_at, 9223372036854775807 /* after every stored entry */, 0
                FROM webhook_inbox
                WHERE inbox_id = CAST(?1 AS uuid) AND lease_until IS NOT NULL) AS change
            ORDER BY position, part""";

    /**
     * The business mutation a row's processing applied, from the mutation trail: in the partition of the row's
     * receipt ({@code ?2}) alone.
     */
    private static final String MUTATION = """
            SELECT object_type, object_id, state, version, applied_at
            FROM object_mutation WHERE inbox_id = CAST(?1 AS uuid) AND event_received_at = ?2""";

    /**
     * Rows per status as the API shows it ({@code ?1} how far to count): a lease leaves the stored status
     * RECEIVED (so the lease rewrites no index entry) and sets {@code lease_until}, which only a pending row may
     * carry: such a row is PROCESSING. The pending and FAILED rows are counted through their partial indexes up to
     * {@code ?1}. PROCESSED rows, which the inbox keeps for the whole retention window, are counted only while
     * PostgreSQL's estimate of the table is below {@code ?1}; above it they are that estimate less the rows of the
     * other statuses, and the count of them is never evaluated. The estimate is the sum of its partitions'
     * ({@code reltuples}, which autovacuum keeps current for each: it never analyzes the partitioned table itself;
     * -1 until any was analyzed, and a partition not analyzed yet counts none).
     */
    private static final String COUNTS = """
            WITH bounded AS (
                SELECT (SELECT count(*) FROM (SELECT 1 FROM webhook_inbox
                        WHERE status = 'RECEIVED' AND lease_until IS NULL LIMIT ?1) r) AS received,
                    (SELECT count(*) FROM (SELECT 1 FROM webhook_inbox
                        WHERE status = 'RECEIVED' AND lease_until IS NOT NULL LIMIT ?1) l) AS leased,
                    (SELECT count(*) FROM (SELECT 1 FROM webhook_inbox WHERE status = 'FAILED' LIMIT ?1) f) AS failed,
                    (SELECT CASE WHEN max(c.reltuples) < 0 THEN -1 ELSE sum(greatest(c.reltuples, 0)) END
                     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                     WHERE i.inhparent = to_regclass('webhook_inbox')) AS estimate)
            SELECT received, leased, failed,
                CASE WHEN estimate < ?1
                     THEN (SELECT count(*) FROM (SELECT 1 FROM webhook_inbox WHERE status = 'PROCESSED' LIMIT ?1) p)
                     ELSE greatest(CAST(estimate AS bigint) - received - leased - failed, 0) END
            FROM bounded""";

    /**
     * The FAILED rows {@link PostgresInboxRetentionAdapter}'s payload purge would take once past their retention,
     * counted up to {@code ?2} through the FAILED rows' index.
     */
    private static final String FAILED_LOSING_PAYLOAD = """
            SELECT count(*) FROM (SELECT 1 FROM webhook_inbox i
                WHERE status = 'FAILED' AND (payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL)
                  AND received_at < ?1
                  AND NOT EXISTS (SELECT 1 FROM forward_delivery f
                                  WHERE f.inbox_id = i.inbox_id AND f.message_type = 'event'
                                    AND f.status IN ('PENDING', 'FAILED'))
                LIMIT ?2) losing""";

    /** Leased rows are pending too: their stored status stays RECEIVED. The first entry of the pending rows' index. */
    private static final String OLDEST_PENDING = """
            SELECT min(received_at) FROM webhook_inbox WHERE status = 'RECEIVED'""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public Optional<InboxEvent.Page> list(InboxEvent.Filter filter, Optional<UUID> startingAfter, int limit) {
        return StorageCalls.call("inbox listing", () -> {
            Optional<Timestamp> after = Optional.empty();
            if (startingAfter.isPresent()) {
                Optional<Instant> receivedAt = NativeResults.values(operatorRead(RECEIVED_AT)
                        .setParameter(1, startingAfter.get().toString()), ColumnValues::instant)
                        .stream().findFirst();
                if (receivedAt.isEmpty()) {
                    return Optional.empty();
                }
                after = receivedAt.map(Timestamp::from);
            }
            // One row more than the page tells whether another page follows.
            List<InboxEvent> rows = NativeResults.rows(operatorRead(LIST)
                    .setParameter(1, filter.status().map(InboxStatus::name).orElse(null))
                    .setParameter(2, filter.provider().orElse(null))
                    .setParameter(3, filter.endpointId().orElse(null))
                    .setParameter(4, filter.eventType().orElse(null))
                    .setParameter(5, filter.receivedFrom().map(Timestamp::from).orElse(null))
                    .setParameter(6, filter.receivedTo().map(Timestamp::from).orElse(null))
                    .setParameter(7, filter.providerEventId().orElse(null))
                    .setParameter(8, after.orElse(null))
                    .setParameter(9, startingAfter.map(UUID::toString).orElse(null))
                    .setParameter(10, limit + 1), InboxRows::operatorView);
            boolean hasMore = rows.size() > limit;
            return Optional.of(new InboxEvent.Page(hasMore ? List.copyOf(rows.subList(0, limit)) : rows, hasMore));
        });
    }

    @Override
    public Optional<InboxEvent.Detail> find(UUID inboxId) {
        return StorageCalls.call("inbox lookup", () -> {
            List<InboxEvent> rows = NativeResults.rows(operatorRead(FIND).setParameter(1, inboxId.toString()),
                    InboxRows::operatorView);
            if (rows.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new InboxEvent.Detail(rows.get(0), NativeResults.rows(
                    operatorRead(HISTORY).setParameter(1, inboxId.toString()), InboxRows::statusChange),
                    NativeResults.rows(operatorRead(MUTATION).setParameter(1, inboxId.toString())
                            .setParameter(2, Timestamp.from(rows.get(0).receivedAt())), InboxRows::mutation)
                            .stream().findFirst()));
        });
    }

    @Override
    public Optional<InboxEvent.Payload> payload(UUID inboxId) {
        return StorageCalls.call("inbox payload", () -> NativeResults.rows(operatorRead(PAYLOAD)
                        .setParameter(1, inboxId.toString()), InboxRows::storedPayload)
                .stream().findFirst());
    }

    @Override
    public InboxEvent.Stats stats(Instant now, Optional<Instant> failedLosingPayloadBefore) {
        return StorageCalls.call("inbox statistics", () -> {
            Object[] counted = NativeResults.row(scrape(COUNTS).setParameter(1, BoundedCounts.UP_TO),
                    row -> row);
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put(InboxStatus.RECEIVED.name(), ColumnValues.number(counted[0]));
            counts.put(InboxStatus.PROCESSING.name(), ColumnValues.number(counted[1]));
            counts.put(InboxStatus.PROCESSED.name(), ColumnValues.number(counted[3]));
            counts.put(InboxStatus.FAILED.name(), ColumnValues.number(counted[2]));
            Optional<Instant> oldestPending = NativeResults.value(scrape(OLDEST_PENDING),
                    ColumnValues::optionalInstant);
            Object[] outbox = NativeResults.row(scrape(FORWARDING_OUTBOX), row -> row);
            long losingPayload = failedLosingPayloadBefore.map(before -> NativeResults.value(
                    scrape(FAILED_LOSING_PAYLOAD).setParameter(1, Timestamp.from(before))
                            .setParameter(2, BoundedCounts.UP_TO), ColumnValues::number)).orElse(0L);
            return new InboxEvent.Stats(counts, ageSeconds(oldestPending, now), ColumnValues.number(outbox[0]),
                    ageSeconds(ColumnValues.optionalInstant(outbox[1]), now), losingPayload);
        });
    }

    /** A statement of an operator's read: cancelled past {@link StatementDeadline#OPERATOR}. */
    private Query operatorRead(String sql) {
        return StatementDeadline.OPERATOR.bound(em.createNativeQuery(sql));
    }

    /** A statement of the gauges and the stats call: cancelled past {@link StatementDeadline#SCRAPE}. */
    private Query scrape(String sql) {
        return StatementDeadline.SCRAPE.bound(em.createNativeQuery(sql));
    }

    private static long ageSeconds(Optional<Instant> since, Instant now) {
        return since.map(at -> Math.max(0, Duration.between(at, now).toSeconds())).orElse(0L);
    }
}
