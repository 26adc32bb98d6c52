package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.ProcessedEventsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;

/** Processed-event records on PostgreSQL, unique under the inbox's own key. */
@ApplicationScoped
class PostgresProcessedEventsAdapter implements ProcessedEventsPort {

    private static final String RECORD = """
            INSERT INTO processed_event (provider, endpoint_id, provider_event_id, inbox_id, processed_at)
            VALUES (?1, ?2, ?3, CAST(?4 AS uuid), ?5)
            ON CONFLICT (provider, endpoint_id, provider_event_id) DO NOTHING""";

    private static final String PURGE = """
            DELETE FROM processed_event WHERE ctid IN (
                SELECT ctid FROM processed_event WHERE processed_at < ?1 LIMIT ?2)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public boolean record(String provider, EndpointId endpointId, String providerEventId, UUID inboxId, Instant now) {
        return StorageCalls.call("processed-event record", () -> em.createNativeQuery(RECORD)
                .setParameter(1, provider)
                .setParameter(2, endpointId.value())
                .setParameter(3, providerEventId)
                .setParameter(4, inboxId.toString())
                .setParameter(5, Timestamp.from(now))
                .executeUpdate()) == 1;
    }

    @Override
    public int purgeBefore(Instant cutoff, int batch) {
        return StorageCalls.call("processed-event purge", () -> em.createNativeQuery(PURGE)
                .setParameter(1, Timestamp.from(cutoff))
                .setParameter(2, batch)
                .executeUpdate());
    }
}
