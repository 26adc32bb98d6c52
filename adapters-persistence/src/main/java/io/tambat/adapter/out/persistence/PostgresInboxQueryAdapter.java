package io.tambat.adapter.out.persistence;

import static io.tambat.adapter.out.persistence.NativeRows.instant;
import static io.tambat.adapter.out.persistence.NativeRows.integer;
import static io.tambat.adapter.out.persistence.NativeRows.number;
import static io.tambat.adapter.out.persistence.NativeRows.optionalLong;
import static io.tambat.adapter.out.persistence.NativeRows.optionalText;
import static io.tambat.adapter.out.persistence.NativeRows.uuid;

import io.tambat.domain.model.processing.InboxRow;
import io.tambat.domain.model.processing.InboxStatus;
import io.tambat.domain.port.out.InboxQueryPort;
import io.tambat.domain.port.out.OutboxPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Operator views of the inbox. Never selects the payload column. */
@ApplicationScoped
class PostgresInboxQueryAdapter implements InboxQueryPort {

    private static final String COLUMNS = """
            CAST(inbox_id AS text), provider, endpoint_id, provider_event_id, event_type, object_id, object_version,
            status, attempt_count, received_at, next_attempt_at, matched_secret_version, last_error,
            payload_ciphertext IS NOT NULL""";

    private static final String LIST = "SELECT " + COLUMNS + """
             FROM webhook_inbox
            WHERE (CAST(?1 AS text) IS NULL OR status = ?1) AND (CAST(?2 AS text) IS NULL OR provider = ?2)
              AND (CAST(?3 AS text) IS NULL OR endpoint_id = ?3) AND (CAST(?4 AS text) IS NULL OR provider_event_id = ?4)
            ORDER BY received_at DESC, inbox_id
            LIMIT ?5""";

    private static final String FIND = "SELECT " + COLUMNS + " FROM webhook_inbox WHERE inbox_id = CAST(?1 AS uuid)";

    private static final String HISTORY = """
            SELECT status, at FROM webhook_inbox_history WHERE inbox_id = CAST(?1 AS uuid) ORDER BY history_id""";

    private static final String COUNTS = "SELECT status, count(*) FROM webhook_inbox GROUP BY status";

    private static final String OLDEST_PENDING = """
            SELECT min(received_at) FROM webhook_inbox WHERE status IN ('RECEIVED', 'PROCESSING')""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Inject
    OutboxPort outbox;

    @Override
    public List<InboxRow> list(InboxRow.Filter filter, int limit) {
        return StorageCalls.call("inbox listing", () -> {
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery(LIST)
                    .setParameter(1, filter.status().orElse(null))
                    .setParameter(2, filter.provider().orElse(null))
                    .setParameter(3, filter.endpointId().orElse(null))
                    .setParameter(4, filter.providerEventId().orElse(null))
                    .setParameter(5, limit)
                    .getResultList();
            return rows.stream().map(PostgresInboxQueryAdapter::row).toList();
        });
    }

    @Override
    public Optional<InboxRow.Detail> find(UUID inboxId) {
        return StorageCalls.call("inbox lookup", () -> {
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery(FIND).setParameter(1, inboxId.toString()).getResultList();
            if (rows.isEmpty()) {
                return Optional.empty();
            }
            @SuppressWarnings("unchecked")
            List<Object[]> history = em.createNativeQuery(HISTORY).setParameter(1, inboxId.toString())
                    .getResultList();
            return Optional.of(new InboxRow.Detail(row(rows.get(0)), history.stream()
                    .map(change -> new InboxRow.StatusChange((String) change[0], instant(change[1])))
                    .toList()));
        });
    }

    @Override
    public InboxRow.Stats stats(Instant now) {
        return StorageCalls.call("inbox statistics", () -> {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (InboxStatus status : InboxStatus.values()) {
                counts.put(status.name(), 0L);
            }
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery(COUNTS).getResultList();
            rows.forEach(row -> counts.put((String) row[0], number(row[1])));
            Optional<Instant> oldestPending = Optional.ofNullable(
                    (Timestamp) em.createNativeQuery(OLDEST_PENDING).getSingleResult()).map(Timestamp::toInstant);
            OutboxPort.Backlog backlog = outbox.backlog();
            return new InboxRow.Stats(counts, ageSeconds(oldestPending, now), backlog.unpublished(),
                    ageSeconds(backlog.oldestCreatedAt(), now));
        });
    }

    private static long ageSeconds(Optional<Instant> since, Instant now) {
        return since.map(at -> Math.max(0, Duration.between(at, now).toSeconds())).orElse(0L);
    }

    private static InboxRow row(Object[] row) {
        return new InboxRow(uuid(row[0]), (String) row[1], (String) row[2], (String) row[3], (String) row[4],
                optionalText(row[5]), optionalLong(row[6]), (String) row[7], integer(row[8]), instant(row[9]),
                instant(row[10]), (String) row[11], optionalText(row[12]), (Boolean) row[13]);
    }
}
