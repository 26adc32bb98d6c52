package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.port.out.inbox.InboxRecoveryPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Operators' recovery of inbox rows on PostgreSQL: a FAILED row redriven, and bulk redrive and replay of a
 * selection, each batch one statement that picks its rows under {@code FOR UPDATE SKIP LOCKED} (a row a worker
 * or another batch holds is passed over), moves them and writes their history rows.
 */
@ApplicationScoped
public class PostgresInboxRecoveryAdapter implements InboxRecoveryPort {

    /**
     * One FAILED row back to RECEIVED, due at {@code ?2}, attempt count and last error kept, with its history
     * row; nothing when the row is not FAILED.
     */
    private static final NumberedStatement REDRIVE = NumberedStatement.of("""
            WITH moved AS (
                UPDATE webhook_inbox SET status = 'RECEIVED', lease_until = NULL, next_attempt_at = ?2
                WHERE inbox_id = CAST(?1 AS uuid) AND status = 'FAILED'
                RETURNING inbox_id),
            history AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at) SELECT inbox_id, 'RECEIVED', ?2 FROM moved)
            SELECT count(*) FROM moved""");

    /**
     * Sends up to {@code ?9} rows of a selection in the stored status {@code ?1} back to RECEIVED, due at
     * {@code ?10}, attempt count and last error kept, with a history row each, and returns their positions in
     * order. The selection's filters are {@code ?2} to {@code ?6} (a null matches all), as the operator listing
     * reads them ({@link PostgresInboxQueryAdapter}); the batch starts after the position {@code ?7}, {@code ?8}
     * (null for the first), in the order bulk actions walk a selection. A replay ({@code ?11} set) takes only the
     * replayable rows: those that still have the payload processing reads (in the row or in the object store) and
     * a processed-event record kept (received at or after {@code ?11}); a redrive ({@code ?11} null) takes every
     * FAILED row selected. The picked rows are then named by arrays of their ids and times as well as by the join,
     * which a plan kept from small tables would make a read of whole partitions (as
     * {@code PostgresInboxWorkAdapter}'s end of processing says).
     */
    private static final NumberedStatement SEND_BACK_SELECTED = NumberedStatement.of("""
            WITH picked AS (
                SELECT inbox_id, received_at FROM webhook_inbox
                WHERE status = ?1
                  AND (CAST(?2 AS text) IS NULL OR provider = ?2) AND (CAST(?3 AS text) IS NULL OR endpoint_id = ?3)
                  AND (CAST(?4 AS text) IS NULL OR event_type = ?4)
                  AND (CAST(?5 AS timestamptz) IS NULL OR received_at >= CAST(?5 AS timestamptz))
                  AND (CAST(?6 AS timestamptz) IS NULL OR received_at < CAST(?6 AS timestamptz))
                  AND (CAST(?7 AS timestamptz) IS NULL
                       OR (received_at, inbox_id) > (CAST(?7 AS timestamptz), CAST(?8 AS uuid)))
                  AND (CAST(?11 AS timestamptz) IS NULL
                       OR (payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL)
                          AND received_at >= CAST(?11 AS timestamptz))
                ORDER BY received_at, inbox_id
                LIMIT ?9
                FOR UPDATE SKIP LOCKED),
            moved AS (
                UPDATE webhook_inbox w SET status = 'RECEIVED', lease_until = NULL, next_attempt_at = ?10
                FROM picked WHERE w.inbox_id = picked.inbox_id AND w.received_at = picked.received_at
                  AND w.inbox_id = ANY (ARRAY(SELECT inbox_id FROM picked))
                  AND w.received_at = ANY (ARRAY(SELECT received_at FROM picked))
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
              AND NOT ((payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL)
                       AND received_at >= CAST(?11 AS timestamptz))""");

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public boolean redrive(UUID inboxId, Instant now) {
        return StorageCalls.call("inbox redrive", () -> EnlistedConnection.query(em, REDRIVE, row -> row.getInt(1),
                inboxId.toString(), Timestamp.from(now)).get(0)) == 1;
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
}
