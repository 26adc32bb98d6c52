package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.BoundedCounts;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.webhook.SealedPayload;
import io.tambat.domain.port.out.inbox.PayloadMovePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.UUID;

/**
 * The rows' side of moving retained payloads between the inbox rows and the payload object store on PostgreSQL, a
 * batch per transaction. A batch picks its rows oldest first under {@code FOR UPDATE SKIP LOCKED}, each place
 * through its own partial index ({@code webhook_inbox_purgeable}, {@code webhook_inbox_object_purgeable}), so that
 * it reads only the rows that still hold a payload there and passes over the rows another transaction holds. The
 * lock lasts until the batch ends: retention and re-seals, which pass over locked rows too, leave a payload alone
 * while it is between its places.
 */
@ApplicationScoped
public class PostgresPayloadMoveAdapter implements PayloadMovePort {

    /** Up to {@code ?1} rows holding their ciphertext, oldest first: the order of their partial index. */
    private static final String HELD_IN_ROWS = """
            SELECT CAST(inbox_id AS text), payload_key_id, payload_ciphertext FROM webhook_inbox
            WHERE payload_ciphertext IS NOT NULL
            ORDER BY received_at
            LIMIT ?1
            FOR UPDATE SKIP LOCKED""";

    /**
     * Up to {@code ?1} rows naming a payload object, oldest first: the order of their partial index. A leased row
     * (its lease live or run out), or one whose event a sender holds a lease to forward, is passed over: its worker
     * may still read the object, which is deleted once the payload is back in its row. Only the rows workers hold
     * carry a lease, so few are passed over; the check of forward deliveries is one probe of their index on the
     * inbox id.
     */
    private static final String HELD_IN_OBJECT_STORE = """
            SELECT CAST(inbox_id AS text), payload_object, payload_key_id FROM webhook_inbox i
            WHERE payload_object IS NOT NULL AND lease_until IS NULL
              AND NOT EXISTS (SELECT 1 FROM forward_delivery f
                              WHERE f.inbox_id = i.inbox_id AND f.message_type = 'event'
                                AND f.lease_until IS NOT NULL)
            ORDER BY received_at
            LIMIT ?1
            FOR UPDATE SKIP LOCKED""";

    /** The payload object went where the ciphertext was; the key id still names what sealed it. */
    private static final String MOVED_TO_OBJECT_STORE = """
            UPDATE webhook_inbox SET payload_object = ?2, payload_ciphertext = NULL
            WHERE inbox_id = CAST(?1 AS uuid)""";

    private static final String MOVED_TO_ROW = """
            UPDATE webhook_inbox SET payload_ciphertext = ?2, payload_key_id = ?3, payload_object = NULL
            WHERE inbox_id = CAST(?1 AS uuid)""";

    /**
     * The retained payloads in the rows and in the object store, each counted up to {@code ?1} through its own
     * partial index, so that the count costs the same however many payloads are left to move.
     */
    private static final String PLACES = """
            SELECT (SELECT count(*) FROM (SELECT 1 FROM webhook_inbox
                    WHERE payload_ciphertext IS NOT NULL LIMIT ?1) in_rows),
                (SELECT count(*) FROM (SELECT 1 FROM webhook_inbox
                    WHERE payload_object IS NOT NULL LIMIT ?1) in_object_store)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<InRow> heldInRows(int max) {
        return StorageCalls.call("payloads held in rows", () -> NativeResults.rows(
                em.createNativeQuery(HELD_IN_ROWS).setParameter(1, max), PostgresPayloadMoveAdapter::inRow));
    }

    @Override
    public List<InObjectStore> heldInObjectStore(int max) {
        return StorageCalls.call("payloads held in the object store", () -> NativeResults.rows(
                em.createNativeQuery(HELD_IN_OBJECT_STORE).setParameter(1, max),
                PostgresPayloadMoveAdapter::inObjectStore));
    }

    @Override
    public void movedToObjectStore(UUID inboxId, PayloadObjectKey key) {
        StorageCalls.call("payload moved to the object store", () -> em.createNativeQuery(MOVED_TO_OBJECT_STORE)
                .setParameter(1, inboxId.toString())
                .setParameter(2, key.value())
                .executeUpdate());
    }

    @Override
    public void movedToRow(UUID inboxId, SealedPayload sealed) {
        StorageCalls.call("payload moved to its row", () -> em.createNativeQuery(MOVED_TO_ROW)
                .setParameter(1, inboxId.toString())
                .setParameter(2, sealed.ciphertext())
                .setParameter(3, sealed.keyId())
                .executeUpdate());
    }

    @Override
    public Places places() {
        return StorageCalls.call("payload places", () -> NativeResults.row(
                em.createNativeQuery(PLACES).setParameter(1, BoundedCounts.UP_TO),
                row -> new Places(ColumnValues.number(row[0]), ColumnValues.number(row[1]))));
    }

    /** A row of {@link #HELD_IN_ROWS}. */
    private static InRow inRow(Object[] row) {
        return new InRow(ColumnValues.uuid(row[0]), new SealedPayload((String) row[1], (byte[]) row[2]));
    }

    /** A row of {@link #HELD_IN_OBJECT_STORE}. */
    private static InObjectStore inObjectStore(Object[] row) {
        return new InObjectStore(ColumnValues.uuid(row[0]), new PayloadObjectKey((String) row[1]), (String) row[2]);
    }
}
