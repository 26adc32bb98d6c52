package io.tambat.adapter.out.persistence;

import io.tambat.domain.port.out.OutboxPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;

/** The webhook outbox on PostgreSQL; rows are written in the caller's transaction. */
@ApplicationScoped
class JpaOutboxAdapter implements OutboxPort {

    private static final String APPEND = """
            INSERT INTO webhook_outbox (inbox_id, topic, created_at) VALUES (CAST(?1 AS uuid), ?2, ?3)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public void append(UUID inboxId, String topic, Instant now) {
        StorageCalls.call("outbox append", () -> em.createNativeQuery(APPEND)
                .setParameter(1, inboxId.toString())
                .setParameter(2, topic)
                .setParameter(3, Timestamp.from(now))
                .executeUpdate());
    }
}
