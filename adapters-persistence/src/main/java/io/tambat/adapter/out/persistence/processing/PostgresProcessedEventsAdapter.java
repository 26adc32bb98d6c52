package io.tambat.adapter.out.persistence.processing;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.RetentionDeletes;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.port.out.processing.ProcessedEventsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Processed-event records on PostgreSQL, unique under the inbox's own key. */
@ApplicationScoped
class PostgresProcessedEventsAdapter implements ProcessedEventsPort {

    /**
     * One array per column, event by event; the inbox ids of the records made are returned. An event's record is
     * there already when it was processed before: the same event, received at the same time, meets it under any
     * unique key that holds that time (hence no conflict target, which would name one key).
     */
    private static final String RECORD_ALL = """
            INSERT INTO processed_event (provider, endpoint_id, provider_event_id, inbox_id, event_received_at,
                processed_at)
            SELECT provider, endpoint_id, provider_event_id, inbox_id, event_received_at, ?
            FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(CAST(? AS text[]) AS uuid[]),
                CAST(CAST(? AS text[]) AS timestamptz[]))
                AS event(provider, endpoint_id, provider_event_id, inbox_id, event_received_at)
            ON CONFLICT DO NOTHING
            RETURNING CAST(inbox_id AS text)""";

    /**
     * Records named by their key with its receipt, not by {@code ctid}: a table partitioned by time repeats a
     * {@code ctid} in each partition, so a release that partitions the records can run beside this one.
     */
    private static final String PURGE = """
            DELETE FROM processed_event
            WHERE (provider, endpoint_id, provider_event_id, event_received_at) IN (
                SELECT provider, endpoint_id, provider_event_id, event_received_at FROM processed_event
                WHERE processed_at < ?1 LIMIT ?2)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public Set<UUID> recordAll(List<LeasedInboxEvent> events, Instant now) {
        List<UUID> recorded = StorageCalls.call("processed-event record", () -> EnlistedConnection.query(em,
                RECORD_ALL, (connection, statement) -> {
                    statement.setTimestamp(1, Timestamp.from(now));
                    statement.setArray(2, EnlistedConnection.texts(connection,
                            events.stream().map(LeasedInboxEvent::provider).toList()));
                    statement.setArray(3, EnlistedConnection.texts(connection,
                            events.stream().map(event -> event.endpointId().value()).toList()));
                    statement.setArray(4, EnlistedConnection.texts(connection,
                            events.stream().map(LeasedInboxEvent::providerEventId).toList()));
                    statement.setArray(5, EnlistedConnection.texts(connection,
                            events.stream().map(event -> event.inboxId().toString()).toList()));
                    statement.setArray(6, EnlistedConnection.texts(connection,
                            events.stream().map(event -> event.receivedAt().toString()).toList()));
                }, row -> UUID.fromString(row.getString(1))));
        return Set.copyOf(recorded);
    }

    @Override
    public int purgeBefore(Instant cutoff, int batch) {
        return RetentionDeletes.run(em, "processed-event purge", PURGE, cutoff, batch);
    }
}
