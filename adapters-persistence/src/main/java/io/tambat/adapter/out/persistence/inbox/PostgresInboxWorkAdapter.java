package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.LeaseQueries;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.port.out.inbox.InboxWorkPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The inbox's work queue on PostgreSQL, leased in the shape every queue shares ({@link LeaseQueries}), so
 * concurrent workers in any number of processes split the rows between them and never wait for each other.
 * Every status change a worker makes is fenced by its attempt and writes its history row in the same statement.
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
     * that ran out records that attempt in its history, at the time it was leased. Rows are named by id and time
     * of receipt, as every statement of this adapter names them.
     */
    private static final NumberedStatement LEASE = NumberedStatement.of("""
            WITH due AS (
                SELECT inbox_id AS leased_key, received_at AS leased_received_at,
                    lease_until IS NOT NULL AS taken_over
                FROM webhook_inbox
                WHERE status = 'RECEIVED' AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                ORDER BY next_attempt_at
                LIMIT ?3
                FOR UPDATE SKIP LOCKED),
            leased AS (
                UPDATE webhook_inbox w SET lease_until = ?2, attempt_count = w.attempt_count + 1, leased_at = ?1
                FROM due WHERE w.inbox_id = due.leased_key AND w.received_at = due.leased_received_at
                RETURNING w.*, due.taken_over),
            lost AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at)
                SELECT was.inbox_id, 'PROCESSING', was.leased_at
                FROM leased JOIN webhook_inbox was
                    ON was.inbox_id = leased.inbox_id AND was.received_at = leased.received_at
                WHERE leased.taken_over)
            SELECT CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, event_type, object_id,
                object_version, attempt_count, taken_over, payload_key_id, payload_ciphertext, payload_object,
                received_at, trace_context
            FROM leased""");

    /**
     * Ends a leased row's attempt: moves the row {@code ?1} received at {@code ?8} to the stored status
     * {@code ?2}, only from the stored status {@code ?5} and only while the attempt {@code ?7} holds the lease,
     * and records the change with the start of the attempt it ends.
     */
    private static final NumberedStatement TRANSITION = NumberedStatement.of("""
            WITH moved AS (
                UPDATE webhook_inbox SET status = ?2, lease_until = NULL, next_attempt_at = ?3,
                    last_error = COALESCE(CAST(?4 AS text), last_error)
                WHERE inbox_id = CAST(?1 AS uuid) AND received_at = ?8 AND status = ?5
                  AND lease_until IS NOT NULL AND attempt_count = ?7
                RETURNING inbox_id, leased_at AS started),
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
            WHERE inbox_id = CAST(? AS uuid) AND received_at = ? AND status = 'RECEIVED' AND lease_until IS NOT NULL
              AND attempt_count = ?""";

    /**
     * Ends leased rows PROCESSED, each only while its attempt ({@code attempt} by {@code inbox_id}) holds the
     * lease, and records each change with the attempt's start; the ids of the rows ended are returned. The rows are
     * also named by {@code = ANY} of their ids and times: a join alone is planned once per connection, from the
     * tables' sizes then, and was planned as a read of the whole first partition once the tables had grown; the
     * arrays lead each partition's primary key to its rows, and the times leave out the days that hold none.
     */
    private static final String MARK_PROCESSED = """
            WITH leased AS (
                SELECT * FROM unnest(CAST(CAST(? AS text[]) AS uuid[]), CAST(CAST(? AS text[]) AS timestamptz[]),
                    CAST(CAST(? AS text[]) AS integer[])) AS leased(inbox_id, received_at, attempt)),
            moved AS (
                UPDATE webhook_inbox w SET status = 'PROCESSED', lease_until = NULL, next_attempt_at = ?
                FROM leased
                WHERE w.inbox_id = leased.inbox_id AND w.received_at = leased.received_at
                  AND w.inbox_id = ANY (ARRAY(SELECT inbox_id FROM leased))
                  AND w.received_at = ANY (ARRAY(SELECT received_at FROM leased))
                  AND w.status = 'RECEIVED' AND w.lease_until IS NOT NULL
                  AND w.attempt_count = leased.attempt
                RETURNING w.inbox_id, w.next_attempt_at, w.leased_at),
            history AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at, attempt_started_at)
                SELECT inbox_id, 'PROCESSED', next_attempt_at, leased_at FROM moved)
            SELECT CAST(inbox_id AS text) FROM moved""";

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
                    statement.setArray(1, EnlistedConnection.texts(connection,
                            events.stream().map(event -> event.inboxId().toString()).toList()));
                    statement.setArray(2, EnlistedConnection.texts(connection,
                            events.stream().map(event -> event.receivedAt().toString()).toList()));
                    statement.setArray(3, EnlistedConnection.texts(connection,
                            events.stream().map(event -> String.valueOf(event.lease().attempt())).toList()));
                    statement.setTimestamp(4, Timestamp.from(now));
                }, row -> UUID.fromString(row.getString(1))));
        return Set.copyOf(ended);
    }

    @Override
    public boolean retryLater(LeasedInboxEvent event, Instant nextAttemptAt, String redactedError, Instant now) {
        return transition(event, InboxStatus.PROCESSING, InboxStatus.RECEIVED, nextAttemptAt, redactedError,
                now) == 1;
    }

    @Override
    public boolean waitLater(LeasedInboxEvent event, Instant nextLookAt, String redactedReason) {
        return StorageCalls.call("inbox wait", () -> em.createNativeQuery(WAIT_LATER)
                .setParameter(1, Timestamp.from(nextLookAt))
                .setParameter(2, redactedReason)
                .setParameter(3, event.inboxId().toString())
                .setParameter(4, Timestamp.from(event.receivedAt()))
                .setParameter(5, event.lease().attempt())
                .executeUpdate()) == 1;
    }

    @Override
    public boolean fail(LeasedInboxEvent event, String redactedError, Instant now) {
        return transition(event, InboxStatus.PROCESSING, InboxStatus.FAILED, now, redactedError, now) == 1;
    }

    private int transition(LeasedInboxEvent event, InboxStatus from, InboxStatus to, Instant nextAttemptAt,
            String error, Instant now) {
        if (!from.canMoveTo(to)) {
            throw new IllegalArgumentException(from + " cannot move to " + to);
        }
        return StorageCalls.call("inbox " + to.name().toLowerCase(java.util.Locale.ROOT), () -> EnlistedConnection
                .query(em, TRANSITION, row -> row.getInt(1), event.inboxId().toString(), to.name(),
                        Timestamp.from(nextAttemptAt), error, stored(from).name(), Timestamp.from(now),
                        event.lease().attempt(), Timestamp.from(event.receivedAt()))
                .get(0));
    }

    /** The status a row in {@code status} has in its column: a leased row keeps RECEIVED. */
    private static InboxStatus stored(InboxStatus status) {
        return status == InboxStatus.PROCESSING ? InboxStatus.RECEIVED : status;
    }
}
