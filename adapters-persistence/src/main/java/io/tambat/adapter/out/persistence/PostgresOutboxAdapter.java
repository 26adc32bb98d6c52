package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.processing.OutboxMessage;
import io.tambat.domain.port.out.OutboxPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The webhook outbox on PostgreSQL; rows are written in the caller's transaction, and relays claim them with
 * {@code FOR UPDATE SKIP LOCKED} so two relays never publish the same batch at once.
 */
@ApplicationScoped
class PostgresOutboxAdapter implements OutboxPort {

    private static final String APPEND_ALL = """
            INSERT INTO webhook_outbox (inbox_id, topic, created_at)
            SELECT inbox_id, ?, ? FROM unnest(CAST(CAST(? AS text[]) AS uuid[])) AS inbox_id""";

    private static final NumberedStatement CLAIM = NumberedStatement.of("SELECT " + WebhookOutboxRows.MESSAGE + """
             FROM webhook_outbox
            WHERE published_at IS NULL ORDER BY outbox_id LIMIT ?1 FOR UPDATE SKIP LOCKED""");

    private static final NumberedStatement MARK_PUBLISHED = NumberedStatement.of(
            "UPDATE webhook_outbox SET published_at = ?1 WHERE outbox_id = ANY (CAST(?2 AS bigint[]))");

    private static final String BACKLOG = "SELECT " + WebhookOutboxRows.BACKLOG
            + " FROM webhook_outbox WHERE published_at IS NULL";

    /** Oldest first, along the primary key, which follows publication order closely enough for retention. */
    private static final String PURGE_PUBLISHED = """
            DELETE FROM webhook_outbox WHERE outbox_id IN (
                SELECT outbox_id FROM webhook_outbox WHERE published_at < ?1 ORDER BY outbox_id LIMIT ?2)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public void appendAll(List<UUID> inboxIds, String topic, Instant now) {
        StorageCalls.call("outbox append", () -> EnlistedConnection.update(em, APPEND_ALL, (connection, statement) -> {
            statement.setString(1, topic);
            statement.setTimestamp(2, Timestamp.from(now));
            statement.setArray(3, EnlistedConnection.texts(connection,
                    inboxIds.stream().map(UUID::toString).toList()));
        }));
    }

    @Override
    public List<OutboxMessage> claimUnpublished(int max) {
        return StorageCalls.call("outbox claim", () -> EnlistedConnection.query(em, CLAIM,
                EnlistedConnection.columnsTo(WebhookOutboxRows::message), max));
    }

    @Override
    public void markPublished(List<Long> outboxIds, Instant now) {
        if (outboxIds.isEmpty()) {
            return;
        }
        StorageCalls.call("outbox publication", () -> EnlistedConnection.update(em, MARK_PUBLISHED,
                Timestamp.from(now), outboxIds.stream().map(String::valueOf)
                        .collect(java.util.stream.Collectors.joining(",", "{", "}"))));
    }

    @Override
    public int purgePublished(Instant publishedBefore, int batch) {
        return RetentionDeletes.run(em, "published outbox purge", PURGE_PUBLISHED, publishedBefore, batch);
    }

    @Override
    public Backlog backlog() {
        return StorageCalls.call("outbox backlog",
                () -> NativeResults.row(em.createNativeQuery(BACKLOG), WebhookOutboxRows::backlog));
    }
}
