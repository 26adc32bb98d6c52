package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.webhook.NewInboxEntry;
import io.tambat.domain.model.webhook.WebhookEvent;
import io.tambat.domain.port.out.InboxPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The inbox on PostgreSQL. The unique key decides duplicates in the INSERT itself ({@code ON CONFLICT DO
 * NOTHING}): a concurrent insert of the same event blocks until the first commits, then reports the row.
 */
@ApplicationScoped
class PostgresInboxAdapter implements InboxPort {

    /** The row and its first history entry, in one statement. */
    private static final String INSERT = """
            WITH inserted AS (
                INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type, object_id,
                    object_version, provider_created_at, received_at, payload_ciphertext, payload_key_id,
                    payload_sha256, matched_secret_version, status, attempt_count, next_attempt_at)
                VALUES (CAST(?1 AS uuid), ?2, ?3, ?4, ?5, CAST(?6 AS text), CAST(?7 AS bigint),
                    CAST(?8 AS timestamptz), ?9, ?10, ?11, ?12, ?13, 'RECEIVED', 0, ?9)
                ON CONFLICT (provider, endpoint_id, provider_event_id) DO NOTHING
                RETURNING inbox_id, received_at),
            history AS (
                INSERT INTO webhook_inbox_history (inbox_id, status, at)
                SELECT inbox_id, 'RECEIVED', received_at FROM inserted)
            SELECT CAST(inbox_id AS text) FROM inserted""";

    private static final String FIND_EXISTING = """
            SELECT CAST(inbox_id AS text) FROM webhook_inbox
            WHERE provider = ?1 AND endpoint_id = ?2 AND provider_event_id = ?3""";

    private static final String RECORD_BODY = """
            INSERT INTO webhook_body_seen (endpoint_id, payload_sha256, inbox_id, seen_at)
            VALUES (?1, ?2, CAST(?3 AS uuid), ?4)
            ON CONFLICT (endpoint_id, payload_sha256) DO UPDATE
                SET inbox_id = EXCLUDED.inbox_id, seen_at = EXCLUDED.seen_at
                WHERE webhook_body_seen.seen_at <= ?5
            RETURNING 1""";

    private static final String SEEN_BODY = """
            SELECT CAST(inbox_id AS text) FROM webhook_body_seen WHERE endpoint_id = ?1 AND payload_sha256 = ?2""";

    private static final String PURGE_SEEN = """
            DELETE FROM webhook_body_seen WHERE ctid IN (
                SELECT ctid FROM webhook_body_seen WHERE seen_at < ?1 LIMIT ?2)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public Insertion insertIfAbsent(NewInboxEntry entry) {
        return StorageCalls.call("inbox insert", () -> {
            WebhookEvent event = entry.event();
            List<UUID> created = NativeResults.values(em.createNativeQuery(INSERT)
                    .setParameter(1, entry.inboxId().toString())
                    .setParameter(2, entry.provider())
                    .setParameter(3, entry.endpointId().value())
                    .setParameter(4, event.providerEventId())
                    .setParameter(5, event.eventType())
                    .setParameter(6, event.objectId().orElse(null))
                    .setParameter(7, event.objectVersion().orElse(null))
                    .setParameter(8, event.providerCreatedAt().map(Timestamp::from).orElse(null))
                    .setParameter(9, Timestamp.from(entry.receivedAt()))
                    .setParameter(10, entry.payload().ciphertext())
                    .setParameter(11, entry.payload().keyId())
                    .setParameter(12, entry.payloadSha256())
                    .setParameter(13, entry.matchedSecretVersion()), ColumnValues::uuid);
            if (!created.isEmpty()) {
                return new Insertion(created.get(0), true);
            }
            UUID existing = NativeResults.value(em.createNativeQuery(FIND_EXISTING)
                    .setParameter(1, entry.provider())
                    .setParameter(2, entry.endpointId().value())
                    .setParameter(3, event.providerEventId()), ColumnValues::uuid);
            return new Insertion(existing, false);
        });
    }

    @Override
    public Optional<UUID> recordBodyUnlessSeen(NewInboxEntry entry, Instant seenAfter) {
        return StorageCalls.call("replay window check", () -> {
            List<?> recorded = em.createNativeQuery(RECORD_BODY)
                    .setParameter(1, entry.endpointId().value())
                    .setParameter(2, entry.payloadSha256())
                    .setParameter(3, entry.inboxId().toString())
                    .setParameter(4, Timestamp.from(entry.receivedAt()))
                    .setParameter(5, Timestamp.from(seenAfter))
                    .getResultList();
            if (!recorded.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(NativeResults.value(em.createNativeQuery(SEEN_BODY)
                    .setParameter(1, entry.endpointId().value())
                    .setParameter(2, entry.payloadSha256()), ColumnValues::uuid));
        });
    }

    @Override
    public int purgeSeenBodies(Instant before, int batch) {
        return StorageCalls.call("seen body purge", () -> em.createNativeQuery(PURGE_SEEN)
                .setParameter(1, Timestamp.from(before))
                .setParameter(2, batch)
                .executeUpdate());
    }
}
