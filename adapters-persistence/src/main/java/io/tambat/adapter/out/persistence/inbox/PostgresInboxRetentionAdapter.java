package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.RetentionDeletes;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.port.out.inbox.InboxRetentionPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

/** Retention of the inbox on PostgreSQL: bounded batches, each skipping rows another transaction holds. */
@ApplicationScoped
public class PostgresInboxRetentionAdapter implements InboxRetentionPort {

    /**
     * A PROCESSED row's payload goes after {@code ?1}; a FAILED row's only after {@code ?3}, never when it is
     * null (a redrive needs it). A payload an unfinished (PENDING or FAILED) forward delivery of its event still
     * has to send stays until that delivery is delivered or skipped: one probe of the deliveries' index on the
     * inbox id.
     */
    private static final String PURGE_PAYLOADS = """
            UPDATE webhook_inbox SET payload_ciphertext = NULL
            WHERE inbox_id IN (
                SELECT inbox_id FROM webhook_inbox i
                WHERE payload_ciphertext IS NOT NULL
                  AND (status = 'PROCESSED' AND received_at < ?1
                       OR status = 'FAILED' AND received_at < CAST(?3 AS timestamptz))
                  AND NOT EXISTS (SELECT 1 FROM forward_delivery f
                                  WHERE f.inbox_id = i.inbox_id AND f.message_type = 'event'
                                    AND f.status IN ('PENDING', 'FAILED'))
                LIMIT ?2
                FOR UPDATE SKIP LOCKED)""";

    /**
     * Oldest first; history rows go with their row ({@code ON DELETE CASCADE}). The check for unfinished forward
     * deliveries is one probe of their index on the inbox id.
     */
    private static final String PURGE_FINISHED = """
            DELETE FROM webhook_inbox WHERE inbox_id IN (
                SELECT inbox_id FROM webhook_inbox i
                WHERE status = 'PROCESSED' AND received_at < ?1
                  AND NOT EXISTS (SELECT 1 FROM forward_delivery f
                                  WHERE f.inbox_id = i.inbox_id AND f.status IN ('PENDING', 'FAILED'))
                ORDER BY received_at
                LIMIT ?2
                FOR UPDATE SKIP LOCKED)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public int purgePayloads(Instant processedBefore, Optional<Instant> failedBefore, int batch) {
        return StorageCalls.call("payload purge", () -> em.createNativeQuery(PURGE_PAYLOADS)
                .setParameter(1, Timestamp.from(processedBefore))
                .setParameter(2, batch)
                .setParameter(3, failedBefore.map(Timestamp::from).orElse(null))
                .executeUpdate());
    }

    @Override
    public int purgeFinished(Instant receivedBefore, int batch) {
        return RetentionDeletes.run(em, "finished row purge", PURGE_FINISHED, receivedBefore, batch);
    }
}
