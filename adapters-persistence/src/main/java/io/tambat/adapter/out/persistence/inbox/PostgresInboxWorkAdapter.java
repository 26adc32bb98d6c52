package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.LeaseQueries;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.RetentionDeletes;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.port.out.inbox.InboxWorkPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * The inbox's work queue on PostgreSQL, leased by the shared {@link LeaseQueries} statement, so concurrent
 * workers in any number of processes split the rows between them and never wait for each other. Every status
 * change a worker makes is fenced by its attempt and writes its history row in the same statement.
 *
 * <p>A lease sets only {@code lease_until}, {@code leased_at} and {@code attempt_count}, which no index covers,
 * so PostgreSQL rewrites the row in place; the row keeps its stored status RECEIVED and reads show it as
 * PROCESSING. Completions clear the lease and set the stored status together.
 *
 * <p>History holds one row per attempt that ended, its start ({@code leased_at}, which stays on the row) beside
 * its outcome; a lease writes none, except for the attempt it takes over from a lost worker, whose start it
 * reads from the row as it was before the lease (sub-statements of one statement share its snapshot).
 * {@link PostgresInboxQueryAdapter} reads the rows back as the list of statuses operators see.
 */
@ApplicationScoped
public class PostgresInboxWorkAdapter implements InboxWorkPort {

    /**
     * The lease ({@code ?1} now, {@code ?2} the lease end, {@code ?3} the batch size), in the shape every work
     * queue shares ({@link io.tambat.adapter.out.persistence.jdbc.LeaseQueries}). A row taken over from a lease
     * that ran out records that attempt in its history, at the time it was leased.
     */
    private static final NumberedStatement LEASE = NumberedStatement.of("""
            WITH due AS (
                SELECT inbox_id AS leased_key, lease_until IS NOT NULL AS taken_over FROM webhook_inbox
                WHERE status = 'RECEIVED' AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                ORDER BY next_attempt_at
                LIMIT ?3
                FOR UPDATE SKIP LOCKED),
            leased AS (
                UPDATE webhook_inbox w SET lease_until = ?2, attempt_count = w.attempt_count + 1, leased_at = ?1
                FROM due WHERE w.inbox_id = due.leased_key
                RETURNING w.*, due.taken_over),
            lost AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at)
                SELECT was.inbox_id, 'PROCESSING', was.leased_at
                FROM leased JOIN webhook_inbox was ON was.inbox_id = leased.inbox_id
                WHERE leased.taken_over)
            SELECT CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, event_type, object_id,
                object_version, attempt_count, taken_over, payload_ciphertext, payload_key_id, received_at,
                trace_context
            FROM leased""");

    /**
     * Moves one row to the stored status {@code ?2}, only from the stored status {@code ?5} and, for a leased
     * row, only while the given attempt holds the lease ({@code ?7}, null for an operator's redrive), and
     * records the change, with the start of the attempt it ends.
     */
    private static final NumberedStatement TRANSITION = NumberedStatement.of("""
            WITH moved AS (
                UPDATE webhook_inbox SET status = ?2, lease_until = NULL, next_attempt_at = ?3,
                    last_error = COALESCE(CAST(?4 AS text), last_error)
                WHERE inbox_id = CAST(?1 AS uuid) AND status = ?5
                  AND (CAST(?7 AS integer) IS NULL
                       OR lease_until IS NOT NULL AND attempt_count = CAST(?7 AS integer))
                RETURNING inbox_id, CASE WHEN CAST(?7 AS integer) IS NULL THEN NULL ELSE leased_at END AS started),
            history AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at, attempt_started_at)
                SELECT inbox_id, ?2, ?6, started FROM moved)
            SELECT count(*) FROM moved""");

    /**
     * Gives a leased row back with its attempt count as it was before the lease, only while that lease's attempt
     * ({@code ?4}) holds it. The count still fences every write: a lease always raises it again, and a released
     * row matches no holder's fence, since a holder's fence also asks for a lease.
     */
    private static final String WAIT_LATER = """
            UPDATE webhook_inbox SET lease_until = NULL, next_attempt_at = ?, last_error = ?,
                attempt_count = attempt_count - 1
            WHERE inbox_id = CAST(? AS uuid) AND status = 'RECEIVED' AND lease_until IS NOT NULL
              AND attempt_count = ?""";

    /**
     * Ends leased rows PROCESSED, each only while its attempt ({@code attempt} by {@code inbox_id}) holds the
     * lease, and records each change with the attempt's start; the ids of the rows ended are returned.
     */
    private static final String MARK_PROCESSED = """
            WITH moved AS (
                UPDATE webhook_inbox w SET status = 'PROCESSED', lease_until = NULL, next_attempt_at = ?
                FROM unnest(CAST(CAST(? AS text[]) AS uuid[]), CAST(CAST(? AS text[]) AS integer[]))
                    AS leased(inbox_id, attempt)
                WHERE w.inbox_id = leased.inbox_id AND w.status = 'RECEIVED' AND w.lease_until IS NOT NULL
                  AND w.attempt_count = leased.attempt
                RETURNING w.inbox_id, w.next_attempt_at, w.leased_at),
            history AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at, attempt_started_at)
                SELECT inbox_id, 'PROCESSED', next_attempt_at, leased_at FROM moved)
            SELECT CAST(inbox_id AS text) FROM moved""";

    /**
     * Sends up to {@code ?9} rows of a selection in the stored status {@code ?1} back to RECEIVED, due at
     * {@code ?10}, attempt count and last error kept, with a history row each, and returns their positions in
     * order. The selection's filters are {@code ?2} to {@code ?6} (a null matches all), as the operator listing
     * reads them ({@link PostgresInboxQueryAdapter}); the batch starts after the position {@code ?7}, {@code ?8}
     * (null for the first), in the order bulk actions walk a selection. A replay ({@code ?11} set) takes only the
     * replayable rows: those that still have the payload processing reads and a processed-event record kept
     * (received at or after {@code ?11}); a redrive ({@code ?11} null) takes every FAILED row selected.
     */
    private static final NumberedStatement SEND_BACK_SELECTED = NumberedStatement.of("""
            WITH picked AS (
                SELECT inbox_id FROM webhook_inbox
                WHERE status = ?1
                  AND (CAST(?2 AS text) IS NULL OR provider = ?2) AND (CAST(?3 AS text) IS NULL OR endpoint_id = ?3)
                  AND (CAST(?4 AS text) IS NULL OR event_type = ?4)
                  AND (CAST(?5 AS timestamptz) IS NULL OR received_at >= CAST(?5 AS timestamptz))
                  AND (CAST(?6 AS timestamptz) IS NULL OR received_at < CAST(?6 AS timestamptz))
                  AND (CAST(?7 AS timestamptz) IS NULL
                       OR (received_at, inbox_id) > (CAST(?7 AS timestamptz), CAST(?8 AS uuid)))
                  AND (CAST(?11 AS timestamptz) IS NULL
                       OR payload_ciphertext IS NOT NULL AND received_at >= CAST(?11 AS timestamptz))
                ORDER BY received_at, inbox_id
                LIMIT ?9
                FOR UPDATE SKIP LOCKED),
            moved AS (
                UPDATE webhook_inbox w SET status = 'RECEIVED', lease_until = NULL, next_attempt_at = ?10
                FROM picked WHERE w.inbox_id = picked.inbox_id
                RETURNING w.inbox_id, w.received_at),
            history AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at) SELECT inbox_id, 'RECEIVED', ?10 FROM moved)
            SELECT received_at, CAST(inbox_id AS text) FROM moved ORDER BY received_at, inbox_id""");

    /** How many rows of the selection in the stored status {@code ?1} a replay cannot take. */
    private static final NumberedStatement NOT_REPLAYABLE = NumberedStatement.of("""
            SELECT count(*) FROM webhook_inbox
            WHERE status = ?1
              AND (CAST(?2 AS text) IS NULL OR provider = ?2) AND (CAST(?3 AS text) IS NULL OR endpoint_id = ?3)
              AND (CAST(?4 AS text) IS NULL OR event_type = ?4)
              AND (CAST(?5 AS timestamptz) IS NULL OR received_at >= CAST(?5 AS timestamptz))
              AND (CAST(?6 AS timestamptz) IS NULL OR received_at < CAST(?6 AS timestamptz))
              AND NOT (payload_ciphertext IS NOT NULL AND received_at >= CAST(?11 AS timestamptz))""");

    /**
     * A PROCESSED row's payload goes after {@code ?1}; a FAILED row's only after {@code ?3}, never when it is
     * null (a redrive needs it). A payload an unfinished (PENDING or FAILED) forward delivery of its event still
     * has to send stays until that delivery is delivered or skipped: one probe of the deliveries' index on the
     * inbox id.
     */
    private static final String PURGE_PAYLOADS = """
            UPDATE webhook_inbox SET payload_ciphertext = NULL
            WHERE inbox_id IN (
                SELECT inbox_id FROM webhook_inbox i
                WHERE payload_ciphertext IS NOT NULL
                  AND (status = 'PROCESSED' AND received_at < ?1
                       OR status = 'FAILED' AND received_at < CAST(?3 AS timestamptz))
                  AND NOT EXISTS (SELECT 1 FROM forward_delivery f
                                  WHERE f.inbox_id = i.inbox_id AND f.message_type = 'event'
                                    AND f.status IN ('PENDING', 'FAILED'))
                LIMIT ?2
                FOR UPDATE SKIP LOCKED)""";

    /**
     * Oldest first; history rows go with their row ({@code ON DELETE CASCADE}). The check for unfinished forward
     * deliveries is one probe of their index on the inbox id.
     */
    private static final String PURGE_FINISHED = """
            DELETE FROM webhook_inbox WHERE inbox_id IN (
                SELECT inbox_id FROM webhook_inbox i
                WHERE status = 'PROCESSED' AND received_at < ?1
                  AND NOT EXISTS (SELECT 1 FROM forward_delivery f
                                  WHERE f.inbox_id = i.inbox_id AND f.status IN ('PENDING', 'FAILED'))
                ORDER BY received_at
                LIMIT ?2
                FOR UPDATE SKIP LOCKED)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<LeasedInboxEvent> leaseDue(int max, Instant now, Instant leaseUntil) {
        return StorageCalls.call("inbox lease",
                () -> LeaseQueries.lease(em, LEASE, InboxRows::leased, now, leaseUntil, max));
    }

    @Override
    public Set<UUID> markProcessed(List<LeasedInboxEvent> events, Instant now) {
        List<UUID> ended = StorageCalls.call("inbox processed", () -> EnlistedConnection.query(em, MARK_PROCESSED,
                (connection, statement) -> {
                    statement.setTimestamp(1, Timestamp.from(now));
                    statement.setArray(2, EnlistedConnection.texts(connection,
                            events.stream().map(event -> event.inboxId().toString()).toList()));
                    statement.setArray(3, EnlistedConnection.texts(connection,
                            events.stream().map(event -> String.valueOf(event.lease().attempt())).toList()));
                }, row -> UUID.fromString(row.getString(1))));
        return Set.copyOf(ended);
    }

    @Override
    public boolean retryLater(UUID inboxId, int attempt, Instant nextAttemptAt, String redactedError, Instant now) {
        return transition(inboxId, InboxStatus.PROCESSING, InboxStatus.RECEIVED, nextAttemptAt, redactedError, now,
                attempt) == 1;
    }

    @Override
    public boolean waitLater(UUID inboxId, int attempt, Instant nextLookAt, String redactedReason) {
        return StorageCalls.call("inbox wait", () -> em.createNativeQuery(WAIT_LATER)
                .setParameter(1, Timestamp.from(nextLookAt))
                .setParameter(2, redactedReason)
                .setParameter(3, inboxId.toString())
                .setParameter(4, attempt)
                .executeUpdate()) == 1;
    }

    @Override
    public boolean fail(UUID inboxId, int attempt, String redactedError, Instant now) {
        return transition(inboxId, InboxStatus.PROCESSING, InboxStatus.FAILED, now, redactedError, now, attempt) == 1;
    }

    @Override
    public boolean redrive(UUID inboxId, Instant now) {
        return transition(inboxId, InboxStatus.FAILED, InboxStatus.RECEIVED, now, null, now, null) == 1;
    }

    @Override
    public List<InboxSelection.Position> redriveSelected(InboxSelection selection,
            Optional<InboxSelection.Position> after, int max, Instant now) {
        return sendBack("inbox bulk redrive", InboxStatus.FAILED, selection, after, max, now, null);
    }

    @Override
    public List<InboxSelection.Position> replaySelected(InboxSelection selection,
            Optional<InboxSelection.Position> after, int max, Instant now, Instant recordsKeptSince) {
        return sendBack("inbox replay", InboxStatus.PROCESSED, selection, after, max, now,
                recordsKeptSince);
    }

    @Override
    public long countNotReplayable(InboxSelection selection, Instant recordsKeptSince) {
        return StorageCalls.call("inbox replay count", () -> EnlistedConnection.query(em, NOT_REPLAYABLE,
                row -> row.getLong(1), selected(InboxStatus.PROCESSED, selection, Optional.empty(), 0, null,
                        recordsKeptSince)).get(0));
    }

    private List<InboxSelection.Position> sendBack(String what, InboxStatus from,
            InboxSelection selection, Optional<InboxSelection.Position> after, int max, Instant now,
            Instant recordsKeptSince) {
        if (!from.canMoveTo(InboxStatus.RECEIVED)) {
            throw new IllegalArgumentException(from + " cannot move to " + InboxStatus.RECEIVED);
        }
        return StorageCalls.call(what, () -> EnlistedConnection.query(em, SEND_BACK_SELECTED,
                row -> new InboxSelection.Position(row.getTimestamp(1).toInstant(), UUID.fromString(row.getString(2))),
                selected(from, selection, after, max, now, recordsKeptSince)));
    }

    /** The values of the bulk actions' statements, {@code ?1} to {@code ?11}. */
    private static Object[] selected(InboxStatus from, InboxSelection selection,
            Optional<InboxSelection.Position> after, int max, Instant now, Instant recordsKeptSince) {
        return new Object[] {from.name(), selection.provider().orElse(null), selection.endpointId().orElse(null),
            selection.eventType().orElse(null), timestamp(selection.receivedFrom().orElse(null)),
            timestamp(selection.receivedTo().orElse(null)),
            timestamp(after.map(InboxSelection.Position::receivedAt).orElse(null)),
            after.map(position -> position.inboxId().toString()).orElse(null), max, timestamp(now),
            timestamp(recordsKeptSince)};
    }

    private static Timestamp timestamp(Instant at) {
        return at == null ? null : Timestamp.from(at);
    }

    @Override
    public int purgePayloads(Instant processedBefore, Optional<Instant> failedBefore, int batch) {
        return StorageCalls.call("payload purge", () -> em.createNativeQuery(PURGE_PAYLOADS)
                .setParameter(1, Timestamp.from(processedBefore))
                .setParameter(2, batch)
                .setParameter(3, failedBefore.map(Timestamp::from).orElse(null))
                .executeUpdate());
    }

    @Override
    public int purgeFinished(Instant receivedBefore, int batch) {
        return RetentionDeletes.run(em, "finished row purge", PURGE_FINISHED, receivedBefore, batch);
    }

    private int transition(UUID inboxId, InboxStatus from, InboxStatus to, Instant nextAttemptAt, String error,
            Instant now, Integer attempt) {
        if (!from.canMoveTo(to)) {
            throw new IllegalArgumentException(from + " cannot move to " + to);
        }
        return StorageCalls.call("inbox " + to.name().toLowerCase(java.util.Locale.ROOT), () -> EnlistedConnection
                .query(em, TRANSITION, row -> row.getInt(1), inboxId.toString(), to.name(),
                        Timestamp.from(nextAttemptAt), error, stored(from).name(), Timestamp.from(now), attempt)
                .get(0));
    }

    /** The status a row in {@code status} has in its column: a leased row keeps RECEIVED. */
    private static InboxStatus stored(InboxStatus status) {
        return status == InboxStatus.PROCESSING ? InboxStatus.RECEIVED : status;
    }
}
