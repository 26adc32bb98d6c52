package io.tambat.adapter.out.persistence;

import static io.tambat.adapter.out.persistence.NativeRows.integer;
import static io.tambat.adapter.out.persistence.NativeRows.optionalLong;
import static io.tambat.adapter.out.persistence.NativeRows.optionalText;
import static io.tambat.adapter.out.persistence.NativeRows.uuid;

import io.tambat.domain.model.processing.LeasedEvent;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.InboxWorkPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The inbox's work queue on PostgreSQL: one {@code UPDATE ... FROM (SELECT ... FOR UPDATE SKIP LOCKED)}
 * leases due rows, so concurrent workers in any number of processes split the rows between them and never
 * wait for each other. Every status change writes its history row in the same statement.
 */
@ApplicationScoped
class JpaInboxWorkAdapter implements InboxWorkPort {

    private static final String LEASE = """
            WITH due AS (
                SELECT inbox_id FROM webhook_inbox
                WHERE status IN ('RECEIVED', 'PROCESSING') AND next_attempt_at <= ?1
                  AND (lease_until IS NULL OR lease_until <= ?1)
                ORDER BY next_attempt_at
                LIMIT ?3
                FOR UPDATE SKIP LOCKED),
            leased AS (
                UPDATE webhook_inbox i SET status = 'PROCESSING', lease_until = ?2, attempt_count = attempt_count + 1
                FROM due WHERE i.inbox_id = due.inbox_id
                RETURNING i.inbox_id, i.provider, i.endpoint_id, i.provider_event_id, i.event_type, i.object_id,
                    i.object_version, i.attempt_count, i.payload_ciphertext, i.payload_key_id, i.received_at),
            history AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at) SELECT inbox_id, 'PROCESSING', ?1 FROM leased)
            SELECT CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, event_type, object_id,
                object_version, attempt_count, payload_ciphertext, payload_key_id, received_at
            FROM leased""";

    /** Moves one row between statuses, only from the expected one, and records the change. */
    private static final String TRANSITION = """
            WITH moved AS (
                UPDATE webhook_inbox SET status = ?2, lease_until = NULL, next_attempt_at = ?3,
                    last_error = COALESCE(CAST(?4 AS text), last_error)
                WHERE inbox_id = CAST(?1 AS uuid) AND status = ?5
                RETURNING inbox_id),
            history AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at) SELECT inbox_id, ?2, ?6 FROM moved)
            SELECT count(*) FROM moved""";

    private static final String REENQUEUE_ABANDONED = """
            WITH moved AS (
                UPDATE webhook_inbox SET status = 'RECEIVED', lease_until = NULL, next_attempt_at = ?2
                WHERE inbox_id IN (
                    SELECT inbox_id FROM webhook_inbox
                    WHERE status = 'PROCESSING' AND lease_until < ?1
                    FOR UPDATE SKIP LOCKED)
                RETURNING inbox_id),
            history AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at) SELECT inbox_id, 'RECEIVED', ?2 FROM moved)
            SELECT count(*) FROM moved""";

    private static final String PURGE_PAYLOADS = """
            UPDATE webhook_inbox SET payload_ciphertext = NULL
            WHERE inbox_id IN (
                SELECT inbox_id FROM webhook_inbox
                WHERE payload_ciphertext IS NOT NULL AND received_at < ?1 AND status IN ('PROCESSED', 'FAILED')
                LIMIT ?2
                FOR UPDATE SKIP LOCKED)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<LeasedEvent> leaseDue(int max, Instant now, Instant leaseUntil) {
        return StorageCalls.call("inbox lease", () -> LeaseQueries.lease(em, LEASE, now, leaseUntil, max).stream()
                .map(JpaInboxWorkAdapter::leased).toList());
    }

    @Override
    public boolean markProcessed(UUID inboxId, Instant now) {
        return transition(inboxId, "PROCESSING", "PROCESSED", now, null, now) == 1;
    }

    @Override
    public void retryLater(UUID inboxId, Instant nextAttemptAt, String redactedError, Instant now) {
        transition(inboxId, "PROCESSING", "RECEIVED", nextAttemptAt, redactedError, now);
    }

    @Override
    public void fail(UUID inboxId, String redactedError, Instant now) {
        transition(inboxId, "PROCESSING", "FAILED", now, redactedError, now);
    }

    @Override
    public boolean redrive(UUID inboxId, Instant now) {
        return transition(inboxId, "FAILED", "RECEIVED", now, null, now) == 1;
    }

    @Override
    public int reenqueueAbandoned(Instant expiredBefore, Instant now) {
        return StorageCalls.call("abandoned lease re-enqueue", () -> integer(em.createNativeQuery(REENQUEUE_ABANDONED)
                .setParameter(1, Timestamp.from(expiredBefore))
                .setParameter(2, Timestamp.from(now))
                .getSingleResult()));
    }

    @Override
    public int purgePayloads(Instant receivedBefore, int batch) {
        return StorageCalls.call("payload purge", () -> em.createNativeQuery(PURGE_PAYLOADS)
                .setParameter(1, Timestamp.from(receivedBefore))
                .setParameter(2, batch)
                .executeUpdate());
    }

    private int transition(UUID inboxId, String from, String to, Instant nextAttemptAt, String error, Instant now) {
        return StorageCalls.call("inbox " + to.toLowerCase(java.util.Locale.ROOT), () -> integer(
                em.createNativeQuery(TRANSITION)
                        .setParameter(1, inboxId.toString())
                        .setParameter(2, to)
                        .setParameter(3, Timestamp.from(nextAttemptAt))
                        .setParameter(4, error)
                        .setParameter(5, from)
                        .setParameter(6, Timestamp.from(now))
                        .getSingleResult()));
    }

    private static LeasedEvent leased(Object[] row) {
        Optional<SealedPayload> payload = row[8] == null ? Optional.empty()
                : Optional.of(new SealedPayload((String) row[9], (byte[]) row[8]));
        return new LeasedEvent(uuid(row[0]), (String) row[1], new EndpointId((String) row[2]), (String) row[3],
                (String) row[4], optionalText(row[5]), optionalLong(row[6]), integer(row[7]),
                NativeRows.instant(row[10]), payload);
    }
}
