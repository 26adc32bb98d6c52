package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.RetentionDeletes;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.port.out.webhook.InboxPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The inbox on PostgreSQL, a table partitioned by the day of receipt. Duplicates are decided by each event's key
 * (provider, endpoint, the provider's event id) in {@code webhook_event_key}, a narrow table whose primary key holds
 * every stored event's key whatever its day, in the same statement that writes the rows ({@code ON CONFLICT DO
 * NOTHING}): a concurrent insert of the same event blocks until the first commits, then reports the row. A key
 * found without its row (deleted meanwhile) is given up, and the event stored anew, as after retention.
 */
@ApplicationScoped
public class PostgresInboxAdapter implements InboxPort {

    /**
     * The keys and then the rows, in one statement for any number of entries; the rows created are returned. Each
     * array holds one column, entry by entry, and entries are inserted in their order, so of two entries of one
     * event the first holds the key and creates the row. A row is written only for a key written. A new row needs
     * no history entry: its RECEIVED is its {@code received_at}. Each entry has its payload in one of
     * {@code payload_ciphertext} and {@code payload_object}, the other null.
     */
    private static final String INSERT_ALL = """
            WITH input AS (
                SELECT * FROM unnest(CAST(CAST(? AS text[]) AS uuid[]), CAST(? AS text[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(CAST(? AS text[]) AS bigint[]),
                    CAST(CAST(? AS text[]) AS timestamptz[]), CAST(CAST(? AS text[]) AS timestamptz[]),
                    CAST(? AS bytea[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS bytea[]), CAST(? AS text[]),
                    CAST(? AS text[]), CAST(? AS text[]))
                WITH ORDINALITY AS entry(inbox_id, provider, endpoint_id, provider_event_id, event_type, object_id,
                    object_version, provider_created_at, received_at, payload_ciphertext, payload_object,
                    payload_key_id, payload_digest, matched_secret_version, trace_context, content_type, position)),
            keyed AS (
                INSERT INTO webhook_event_key (provider, endpoint_id, provider_event_id, inbox_id, received_at)
                SELECT provider, endpoint_id, provider_event_id, inbox_id, received_at FROM input ORDER BY position
                ON CONFLICT DO NOTHING
                RETURNING inbox_id),
            inserted AS (
                INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type, object_id,
                    object_version, provider_created_at, received_at, payload_ciphertext, payload_object,
                    payload_key_id, payload_digest, matched_secret_version, trace_context, content_type, status,
                    attempt_count, next_attempt_at)
                SELECT inbox_id, provider, endpoint_id, provider_event_id, event_type, object_id, object_version,
                    provider_created_at, received_at, payload_ciphertext, payload_object, payload_key_id,
                    payload_digest, matched_secret_version, trace_context, content_type, 'RECEIVED', 0, received_at
                FROM input WHERE inbox_id IN (SELECT inbox_id FROM keyed) ORDER BY position
                ON CONFLICT DO NOTHING
                RETURNING inbox_id)
            SELECT CAST(inbox_id AS text) FROM inserted""";

    /**
     * For each event of entries that created no row: the row its key names, and whether that row is there. The row
     * is found by its id and day, in its day's partition alone. Planned for the events it is given and the tables as
     * they are at each call (see {@link EnlistedConnection#plannedForItsValues}): a plan kept from when the tables
     * were small would read all of them.
     */
    private static final String HOLDERS = """
            SELECT event.provider, event.endpoint_id, event.provider_event_id, CAST(stored.inbox_id AS text),
                CAST(k.inbox_id AS text)
            FROM (SELECT DISTINCT * FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[])))
                    AS event(provider, endpoint_id, provider_event_id)
                LEFT JOIN webhook_event_key k ON k.provider = event.provider
                    AND k.endpoint_id = event.endpoint_id AND k.provider_event_id = event.provider_event_id
                LEFT JOIN webhook_inbox stored ON stored.inbox_id = k.inbox_id AND stored.received_at = k.received_at""";

    /**
     * The keys of events whose rows are gone (deleted after the key was read), given up so that the events are
     * stored anew. Only a key still naming the row it was read with (the fourth array): one a concurrent insert took
     * meanwhile names its own.
     */
    private static final String GIVE_UP_KEYS = """
            DELETE FROM webhook_event_key k
            USING unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(CAST(? AS text[]) AS uuid[]))
                AS gone(provider, endpoint_id, provider_event_id, named)
            WHERE k.provider = gone.provider AND k.endpoint_id = gone.endpoint_id
              AND k.provider_event_id = gone.provider_event_id AND k.inbox_id = gone.named""";

    /**
     * The body's record under an earlier form of its digest ({@code ?6}: under another payload key, or unkeyed)
     * within the window, if one is there; otherwise the body is recorded under its digest ({@code ?2}), unless a
     * record of that digest within the window is there.
     */
    private static final NumberedStatement RECORD_BODY = NumberedStatement.of("""
            WITH earlier AS (
                SELECT inbox_id FROM webhook_body_seen
                WHERE endpoint_id = ?1 AND seen_at > ?5
                  AND (payload_digest = ANY (CAST(?6 AS bytea[])) OR payload_sha256 = ANY (CAST(?6 AS bytea[])))
                LIMIT 1),
            recorded AS (
                INSERT INTO webhook_body_seen (endpoint_id, payload_digest, inbox_id, seen_at)
                SELECT ?1, ?2, CAST(?3 AS uuid), ?4 WHERE NOT EXISTS (SELECT 1 FROM earlier)
                ON CONFLICT (endpoint_id, payload_digest) DO UPDATE
                    SET inbox_id = EXCLUDED.inbox_id, seen_at = EXCLUDED.seen_at
                    WHERE webhook_body_seen.seen_at <= ?5
                RETURNING 1)
            SELECT (SELECT CAST(inbox_id AS text) FROM earlier), (SELECT count(*) FROM recorded)""");

    private static final String SEEN_BODY = """
            SELECT CAST(inbox_id AS text) FROM webhook_body_seen WHERE endpoint_id = ?1 AND payload_digest = ?2""";

    private static final String PURGE_SEEN = """
            DELETE FROM webhook_body_seen WHERE ctid IN (
                SELECT ctid FROM webhook_body_seen WHERE seen_at < ?1 LIMIT ?2)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<Insertion> insertAll(List<NewInboxEvent> entries) {
        return StorageCalls.call("inbox insert", () -> store(entries));
    }

    /** Stores the entries' events not stored yet, and answers each entry with the row holding its event. */
    private List<Insertion> store(List<NewInboxEvent> entries) {
        Set<UUID> created = insert(entries);
        List<NewInboxEvent> notCreated = entries.stream().filter(entry -> !created.contains(entry.inboxId())).toList();
        Map<EventKey, Holder> holders = notCreated.isEmpty() ? Map.of() : holders(notCreated);
        Set<EventKey> givenUp = giveUpKeysWithoutRows(holders);
        Map<UUID, Insertion> storedAnew = new HashMap<>();
        if (!givenUp.isEmpty()) {
            List<NewInboxEvent> again = notCreated.stream().filter(entry -> givenUp.contains(EventKey.of(entry)))
                    .toList();
            List<Insertion> insertions = store(again);
            for (int i = 0; i < again.size(); i++) {
                storedAnew.put(again.get(i).inboxId(), insertions.get(i));
            }
        }
        return entries.stream().map(entry -> created.contains(entry.inboxId()) ? new Insertion(entry.inboxId(), true)
                : storedAnew.getOrDefault(entry.inboxId(),
                        new Insertion(holders.get(EventKey.of(entry)).row().orElse(null), false)))
                .toList();
    }

    /** Writes the keys and rows of events not stored yet, one per event; returns the ids of the rows created. */
    private Set<UUID> insert(List<NewInboxEvent> entries) {
        return Set.copyOf(EnlistedConnection.query(em, INSERT_ALL, (connection, statement) -> {
            statement.setArray(1, texts(connection, entries, entry -> entry.inboxId().toString()));
            statement.setArray(2, texts(connection, entries, NewInboxEvent::provider));
            statement.setArray(3, texts(connection, entries, entry -> entry.endpointId().value()));
            statement.setArray(4, texts(connection, entries, entry -> entry.event().providerEventId()));
            statement.setArray(5, texts(connection, entries, entry -> entry.event().eventType()));
            statement.setArray(6, texts(connection, entries, entry -> entry.event().objectId().orElse(null)));
            statement.setArray(7, texts(connection, entries,
                    entry -> entry.event().objectVersion().map(String::valueOf).orElse(null)));
            statement.setArray(8, texts(connection, entries,
                    entry -> entry.event().providerCreatedAt().map(Instant::toString).orElse(null)));
            statement.setArray(9, texts(connection, entries, entry -> entry.receivedAt().toString()));
            statement.setArray(10, EnlistedConnection.bytes(connection,
                    entries.stream().map(PostgresInboxAdapter::ciphertextInRow).toList()));
            statement.setArray(11, texts(connection, entries, PostgresInboxAdapter::objectName));
            statement.setArray(12, texts(connection, entries, entry -> entry.payload().keyId()));
            statement.setArray(13, EnlistedConnection.bytes(connection,
                    entries.stream().map(entry -> entry.payloadDigest().stored()).toList()));
            statement.setArray(14, texts(connection, entries, NewInboxEvent::matchedSecretVersion));
            statement.setArray(15, texts(connection, entries, entry -> entry.traceContext().orElse(null)));
            statement.setArray(16, texts(connection, entries, entry -> entry.contentType().orElse(null)));
        }, row -> UUID.fromString(row.getString(1))));
    }

    /** The rows holding these entries' events, and what their keys name, by event. */
    private Map<EventKey, Holder> holders(List<NewInboxEvent> entries) {
        return EnlistedConnection.query(em, HOLDERS, EnlistedConnection.plannedForItsValues((connection, statement) -> {
            statement.setArray(1, texts(connection, entries, NewInboxEvent::provider));
            statement.setArray(2, texts(connection, entries, entry -> entry.endpointId().value()));
            statement.setArray(3, texts(connection, entries, entry -> entry.event().providerEventId()));
        }), row -> Map.entry(new EventKey(row.getString(1), row.getString(2), row.getString(3)),
                new Holder(Optional.ofNullable(row.getString(4)).map(UUID::fromString),
                        Optional.ofNullable(row.getString(5)).map(UUID::fromString)))).stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /**
     * Gives up the keys whose rows are gone (see {@link #GIVE_UP_KEYS}).
     *
     * @return the events to store anew: their rows are gone, or their keys too
     */
    private Set<EventKey> giveUpKeysWithoutRows(Map<EventKey, Holder> holders) {
        List<Map.Entry<EventKey, Holder>> rowless = holders.entrySet().stream()
                .filter(held -> held.getValue().row().isEmpty()).toList();
        List<Map.Entry<EventKey, Holder>> keyed = rowless.stream()
                .filter(held -> held.getValue().named().isPresent()).toList();
        if (!keyed.isEmpty()) {
            EnlistedConnection.update(em, GIVE_UP_KEYS, (connection, statement) -> {
                statement.setArray(1, EnlistedConnection.texts(connection,
                        keyed.stream().map(held -> held.getKey().provider()).toList()));
                statement.setArray(2, EnlistedConnection.texts(connection,
                        keyed.stream().map(held -> held.getKey().endpointId()).toList()));
                statement.setArray(3, EnlistedConnection.texts(connection,
                        keyed.stream().map(held -> held.getKey().providerEventId()).toList()));
                statement.setArray(4, EnlistedConnection.texts(connection,
                        keyed.stream().map(held -> held.getValue().named().orElseThrow().toString()).toList()));
            });
        }
        return rowless.stream().map(Map.Entry::getKey).collect(Collectors.toSet());
    }

    /** The row holding an event, when its key names one that is there, and the row its key names, if it has one. */
    private record Holder(Optional<UUID> row, Optional<UUID> named) {
    }

    /** The ciphertext an entry keeps in its row; null when its payload is in the object store. */
    private static byte[] ciphertextInRow(NewInboxEvent entry) {
        return entry.payload() instanceof StoredPayload.InRow inRow ? inRow.sealed().ciphertext() : null;
    }

    /** The payload object an entry names; null when its payload is in its row. */
    private static String objectName(NewInboxEvent entry) {
        return entry.payload() instanceof StoredPayload.InObjectStore object ? object.key().value() : null;
    }

    private static Array texts(Connection connection, List<NewInboxEvent> entries,
            Function<NewInboxEvent, String> column) throws SQLException {
        return EnlistedConnection.texts(connection, entries.stream().map(column).toList());
    }

    /** An event's identity: its key in {@code webhook_event_key}. */
    private record EventKey(String provider, String endpointId, String providerEventId) {
        static EventKey of(NewInboxEvent entry) {
            return new EventKey(entry.provider(), entry.endpointId().value(), entry.event().providerEventId());
        }
    }

    @Override
    public Optional<UUID> recordBodyUnlessSeen(NewInboxEvent entry, Instant seenAfter) {
        return StorageCalls.call("replay window check", () -> {
            List<Object[]> answer = EnlistedConnection.query(em, RECORD_BODY.sql(), (connection, statement) ->
                    RECORD_BODY.bind(statement, entry.endpointId().value(), entry.payloadDigest().stored(),
                            entry.inboxId().toString(), Timestamp.from(entry.receivedAt()), Timestamp.from(seenAfter),
                            EnlistedConnection.bytes(connection, entry.payloadDigest().earlierForms())),
                    row -> new Object[] {row.getString(1), row.getLong(2)});
            Object[] outcome = answer.get(0);
            if (outcome[0] != null) {
                return Optional.of(UUID.fromString((String) outcome[0]));
            }
            if ((long) outcome[1] > 0) {
                return Optional.empty();
            }
            return Optional.of(NativeResults.value(em.createNativeQuery(SEEN_BODY)
                    .setParameter(1, entry.endpointId().value())
                    .setParameter(2, entry.payloadDigest().stored()), ColumnValues::uuid));
        });
    }

    @Override
    public int purgeSeenBodies(Instant before, int batch) {
        return RetentionDeletes.run(em, "seen body purge", PURGE_SEEN, before, batch);
    }
}
