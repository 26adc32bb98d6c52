package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.RetentionDeletes;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.port.out.inbox.InboxRetentionPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Query;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Retention of the inbox on PostgreSQL: bounded batches, each skipping rows another transaction holds. A purge
 * returns the payload objects the rows it purged named; deleting them from the object store is the caller's, once
 * the purge committed.
 */
@ApplicationScoped
public class PostgresInboxRetentionAdapter implements InboxRetentionPort {

    /**
     * Whether the payload of the row {@code i} may go: a PROCESSED row's after {@code ?1}; a FAILED row's only
     * after {@code ?3}, never when it is null (a redrive needs it). A payload an unfinished (PENDING or FAILED)
     * forward delivery of its event still has to send stays until that delivery is delivered or skipped: one probe
     * of the deliveries' index on the inbox id.
     */
    private static final String PAYLOAD_EXPIRED = """
            (i.status = 'PROCESSED' AND i.received_at < ?1
                       OR i.status = 'FAILED' AND i.received_at < CAST(?3 AS timestamptz))
                  AND NOT EXISTS (SELECT 1 FROM forward_delivery f
                                  WHERE f.inbox_id = i.inbox_id AND f.message_type = 'event'
                                    AND f.status IN ('PENDING', 'FAILED'))""";

    /**
     * Up to {@code ?2} expired payloads ({@link #PAYLOAD_EXPIRED}), ciphertexts first, then payload objects for
     * what is left of the batch, each place picked through its own partial index ({@code webhook_inbox_purgeable},
     * {@code webhook_inbox_object_purgeable}), which one condition over both columns would leave to the planner.
     * Each row is then found by its id and day, in its day's partition alone.
     * Returns one row per purged payload: the object it named, or null for a ciphertext.
     */
    private static final String PURGE_PAYLOADS = """
            WITH in_row AS (
                SELECT i.inbox_id, i.received_at, i.payload_object FROM webhook_inbox i
                WHERE i.payload_ciphertext IS NOT NULL
                  AND %1$s
                LIMIT ?2
                FOR UPDATE SKIP LOCKED),
            in_store AS (
                SELECT i.inbox_id, i.received_at, i.payload_object FROM webhook_inbox i
                WHERE i.payload_object IS NOT NULL
                  AND %1$s
                LIMIT ?2 - (SELECT count(*) FROM in_row)
                FOR UPDATE SKIP LOCKED),
            picked AS (
                SELECT inbox_id, received_at, payload_object FROM in_row
                UNION ALL
                SELECT inbox_id, received_at, payload_object FROM in_store)
            UPDATE webhook_inbox w SET payload_ciphertext = NULL, payload_object = NULL
            FROM picked WHERE w.inbox_id = picked.inbox_id AND w.received_at = picked.received_at
            RETURNING picked.payload_object""".formatted(PAYLOAD_EXPIRED);

    /**
     * Oldest first, each row (found by its id and day, in its day's partition alone) with its event's key, so that
     * a later redelivery is stored anew; a row's history goes by its day ({@code PartitionMaintenance}), and the
     * row's day once retention has deleted all of it. The check for unfinished forward deliveries is one probe of their
     * index on the inbox id. Returns one row per deleted row: the payload object it named, or null.
     */
    private static final String PURGE_FINISHED = """
            WITH purged AS (
                DELETE FROM webhook_inbox WHERE (inbox_id, received_at) IN (
                    SELECT inbox_id, received_at FROM webhook_inbox i
                    WHERE status = 'PROCESSED' AND received_at < ?1
                      AND NOT EXISTS (SELECT 1 FROM forward_delivery f
                                      WHERE f.inbox_id = i.inbox_id AND f.status IN ('PENDING', 'FAILED'))
                    ORDER BY received_at
                    LIMIT ?2
                    FOR UPDATE SKIP LOCKED)
                RETURNING inbox_id, provider, endpoint_id, provider_event_id, payload_object),
            keys AS (
                DELETE FROM webhook_event_key k USING purged
                WHERE k.provider = purged.provider AND k.endpoint_id = purged.endpoint_id
                  AND k.provider_event_id = purged.provider_event_id AND k.inbox_id = purged.inbox_id)
            SELECT payload_object FROM purged""";

    /**
     * Oldest first, through the keys' index on the time of receipt, and only among the days dropped: before the end
     * of the partition of rows kept past their day ({@code webhook_inbox_kept}, its bound read from the catalog),
     * where no key has a row but the few kept there. Later keys all have rows until their day goes, which a purge
     * would otherwise read again at every batch. A key is kept while a row with its id and time is there (one probe).
     */
    private static final String PURGE_KEYS_WITHOUT_ROWS = """
            WITH dropped AS (
                SELECT CAST(substring(pg_get_expr(relpartbound, oid) FROM 'TO \\(''([^'']+)''\\)') AS timestamptz)
                    AS until
                FROM pg_class WHERE oid = to_regclass('webhook_inbox_kept'))
            DELETE FROM webhook_event_key WHERE ctid IN (
                SELECT k.ctid FROM webhook_event_key k, dropped
                WHERE k.received_at < least(?1, dropped.until)
                  AND NOT EXISTS (SELECT 1 FROM webhook_inbox i
                                  WHERE i.inbox_id = k.inbox_id AND i.received_at = k.received_at)
                ORDER BY k.received_at
                LIMIT ?2
                FOR UPDATE OF k SKIP LOCKED)""";

    /**
     * Of the payload objects named in the second array, those a row still names. The rows are found by the ids in
     * the first array (each key's own row) through the primary key: no index leads to a row by its object's name.
     */
    private static final String STILL_NAMED = """
            SELECT payload_object FROM webhook_inbox
            WHERE inbox_id = ANY (CAST(CAST(? AS text[]) AS uuid[])) AND payload_object = ANY (CAST(? AS text[]))""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public Purged purgePayloads(Instant processedBefore, Optional<Instant> failedBefore, int batch) {
        return purge("payload purge", () -> em.createNativeQuery(PURGE_PAYLOADS)
                .setParameter(1, Timestamp.from(processedBefore))
                .setParameter(2, batch)
                .setParameter(3, failedBefore.map(Timestamp::from).orElse(null)));
    }

    @Override
    public Purged purgeFinished(Instant receivedBefore, int batch) {
        return purge("finished row purge", () -> em.createNativeQuery(PURGE_FINISHED)
                .setParameter(1, Timestamp.from(receivedBefore))
                .setParameter(2, batch));
    }

    @Override
    public int purgeKeysWithoutRows(Instant receivedBefore, int batch) {
        return RetentionDeletes.run(em, "event key purge", PURGE_KEYS_WITHOUT_ROWS, receivedBefore, batch);
    }

    @Override
    public Set<PayloadObjectKey> stillNamed(Collection<PayloadObjectKey> objects) {
        if (objects.isEmpty()) {
            return Set.of();
        }
        List<PayloadObjectKey> asked = List.copyOf(objects);
        return StorageCalls.call("payload object lookup", () -> Set.copyOf(EnlistedConnection.query(em, STILL_NAMED,
                (connection, statement) -> {
                    statement.setArray(1, EnlistedConnection.texts(connection,
                            asked.stream().map(key -> key.inboxId().toString()).toList()));
                    statement.setArray(2, EnlistedConnection.texts(connection,
                            asked.stream().map(PayloadObjectKey::value).toList()));
                }, row -> new PayloadObjectKey(row.getString(1)))));
    }

    /** Runs a purge whose statement returns, for each row it purged, the payload object the row named or null. */
    private static Purged purge(String what, Supplier<Query> statement) {
        List<String> named = StorageCalls.call(what, () -> NativeResults.values(statement.get(), String.class::cast));
        return new Purged(named.size(), named.stream().filter(Objects::nonNull).map(PayloadObjectKey::new).toList());
    }
}
