package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.processing.InboxStatus;
import io.tambat.domain.model.processing.LeasedEvent;
import io.tambat.domain.port.out.InboxWorkPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The inbox's work queue on PostgreSQL, leased by the shared {@link LeaseQueries} statement, so concurrent
 * workers in any number of processes split the rows between them and never wait for each other. Every status
 * change a worker makes is fenced by its attempt and writes its history row in the same statement.
 *
 * <p>A lease sets only {@code lease_until}, {@code leased_at} and {@code attempt_count}, which no index covers,
 * so PostgreSQL rewrites the row in place; the row keeps its stored status RECEIVED and reads show it as
 * PROCESSING ({@link InboxRows#STATUS}). Completions clear the lease and set the stored status together.
 *
 * <p>History holds one row per attempt that ended, its start ({@code leased_at}, which stays on the row) beside
 * its outcome; a lease writes none, except for the attempt it takes over from a lost worker, whose start it
 * reads from the row as it was before the lease (sub-statements of one statement share its snapshot).
 * {@link PostgresInboxQueryAdapter} reads the rows back as the list of statuses operators see.
 */
@ApplicationScoped
class PostgresInboxWorkAdapter implements InboxWorkPort {

    private static final NumberedStatement LEASE = LeaseQueries.statement("webhook_inbox", "inbox_id",
            "status = 'RECEIVED'", ", leased_at = ?1", """
            , lost AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at)
                SELECT was.inbox_id, 'PROCESSING', was.leased_at
                FROM leased JOIN webhook_inbox was ON was.inbox_id = leased.inbox_id
                WHERE leased.taken_over)
            """ + "SELECT " + InboxRows.LEASED + " FROM leased");

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

    private static final String PURGE_PAYLOADS = """
            UPDATE webhook_inbox SET payload_ciphertext = NULL
            WHERE inbox_id IN (
                SELECT inbox_id FROM webhook_inbox
                WHERE payload_ciphertext IS NOT NULL AND received_at < ?1 AND status IN ('PROCESSED', 'FAILED')
                LIMIT ?2
                FOR UPDATE SKIP LOCKED)""";

    /**
     * Oldest first; history rows go with their row ({@code ON DELETE CASCADE}). The outbox check reads only the
     * unpublished rows, through their partial index.
     */
    private static final String PURGE_FINISHED = """
            DELETE FROM webhook_inbox WHERE inbox_id IN (
                SELECT inbox_id FROM webhook_inbox i
                WHERE status = 'PROCESSED' AND received_at < ?1
                  AND NOT EXISTS (SELECT 1 FROM webhook_outbox o
                                  WHERE o.published_at IS NULL AND o.inbox_id = i.inbox_id)
                ORDER BY received_at
                LIMIT ?2
                FOR UPDATE SKIP LOCKED)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<LeasedEvent> leaseDue(int max, Instant now, Instant leaseUntil) {
        return StorageCalls.call("inbox lease",
                () -> LeaseQueries.lease(em, LEASE, InboxRows::leased, now, leaseUntil, max));
    }

    @Override
    public Set<UUID> markProcessed(List<LeasedEvent> events, Instant now) {
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
    public boolean fail(UUID inboxId, int attempt, String redactedError, Instant now) {
        return transition(inboxId, InboxStatus.PROCESSING, InboxStatus.FAILED, now, redactedError, now, attempt) == 1;
    }

    @Override
    public boolean redrive(UUID inboxId, Instant now) {
        return transition(inboxId, InboxStatus.FAILED, InboxStatus.RECEIVED, now, null, now, null) == 1;
    }

    @Override
    public int purgePayloads(Instant receivedBefore, int batch) {
        return RetentionDeletes.run(em, "payload purge", PURGE_PAYLOADS, receivedBefore, batch);
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
