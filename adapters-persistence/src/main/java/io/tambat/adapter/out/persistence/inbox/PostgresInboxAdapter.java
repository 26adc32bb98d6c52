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
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The inbox on PostgreSQL. Duplicates are decided by the rows themselves, not by a unique constraint over the
 * whole table, which a table partitioned by time cannot have unless its key holds the time (and a redelivery
 * arrives at another time): each event's key is locked for the transaction ({@code pg_advisory_xact_lock} on its
 * hash, keys in order so that two groups never wait for each other), the rows already holding the keys are
 * looked up, and a row is inserted for each other event. A concurrent copy of the event waits for the lock, so it
 * looks only once the first copy committed, and finds its row. The unique constraint, while the table has it, is
 * a second guard ({@code ON CONFLICT DO NOTHING}) against a release that inserts without the locks.
 */
@ApplicationScoped
public class PostgresInboxAdapter implements InboxPort {

    /**
     * The locks on the entries' events, taken in the order of their hashes. In a statement of its own: the
     * statement that looks for rows must start after the locks are held, to see what a copy committed meanwhile.
     */
    private static final String LOCK_EVENTS = """
            SELECT pg_advisory_xact_lock(event_lock) FROM (
                SELECT DISTINCT hashtextextended(concat_ws(' ', 'webhook_inbox event', provider, endpoint_id,
                        provider_event_id), 0) AS event_lock
                FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]))
                    AS entry(provider, endpoint_id, provider_event_id)
                ORDER BY event_lock) events""";

    /**
     * The rows, in one statement for any number of entries, each of an event no row holds; the rows created are
     * returned. Each array holds one column, entry by entry. A new row needs no history entry: its RECEIVED is its
     * {@code received_at}. Each entry has its payload in one of {@code payload_ciphertext} and
     * {@code payload_object}, the other null.
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
            inserted AS (
                INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type, object_id,
                    object_version, provider_created_at, received_at, payload_ciphertext, payload_object,
                    payload_key_id, payload_digest, matched_secret_version, trace_context, content_type, status,
                    attempt_count, next_attempt_at)
                SELECT inbox_id, provider, endpoint_id, provider_event_id, event_type, object_id, object_version,
                    provider_created_at, received_at, payload_ciphertext, payload_object, payload_key_id,
                    payload_digest, matched_secret_version, trace_context, content_type, 'RECEIVED', 0, received_at
                FROM input ORDER BY position
                ON CONFLICT DO NOTHING
                RETURNING inbox_id)
            SELECT CAST(inbox_id AS text) FROM inserted""";

    /**
     * The rows holding the events of these entries, by event. Planned for the keys it is given and the table as
     * it is at each call (see {@link EnlistedConnection#plannedForItsValues}): a plan kept from when the table was
     * small would read all of it.
     */
    private static final String FIND_EXISTING = """
            SELECT provider, endpoint_id, provider_event_id, CAST(inbox_id AS text) FROM webhook_inbox
            WHERE (provider, endpoint_id, provider_event_id) IN (
                SELECT * FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[])))""";

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
        return StorageCalls.call("inbox insert", () -> {
            Map<EventKey, UUID> holders = new HashMap<>(lockedHolders(entries));
            Map<EventKey, NewInboxEvent> firstOfEach = new LinkedHashMap<>();
            entries.stream().filter(entry -> !holders.containsKey(EventKey.of(entry)))
                    .forEach(entry -> firstOfEach.putIfAbsent(EventKey.of(entry), entry));
            Set<UUID> created = firstOfEach.isEmpty() ? Set.of() : insert(List.copyOf(firstOfEach.values()));
            firstOfEach.forEach((key, entry) -> {
                if (created.contains(entry.inboxId())) {
                    holders.put(key, entry.inboxId());
                }
            });
            // A row the unique key kept out: one a release without the locks inserted meanwhile.
            List<NewInboxEvent> keptOut = entries.stream()
                    .filter(entry -> !holders.containsKey(EventKey.of(entry))).toList();
            if (!keptOut.isEmpty()) {
                holders.putAll(existing(keptOut));
            }
            return entries.stream()
                    .map(entry -> created.contains(entry.inboxId()) ? new Insertion(entry.inboxId(), true)
                            : new Insertion(holders.get(EventKey.of(entry)), false))
                    .toList();
        });
    }

    /** Inserts a row for each entry, one per event; returns the ids of the rows created. */
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

    /**
     * Locks the entries' events, then looks for the rows holding them, in one round trip: the look starts once
     * the locks are held.
     */
    private Map<EventKey, UUID> lockedHolders(List<NewInboxEvent> entries) {
        return EnlistedConnection.queryLast(em, LOCK_EVENTS + ";\n" + FIND_EXISTING,
                EnlistedConnection.plannedForItsValues((connection, statement) -> {
                    bindEvents(connection, statement, entries, 0);
                    bindEvents(connection, statement, entries, 3);
                }), PostgresInboxAdapter::holder).stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    /** Where each event of these entries is stored, by event; an event no row holds is left out. */
    private Map<EventKey, UUID> existing(List<NewInboxEvent> entries) {
        return EnlistedConnection.query(em, FIND_EXISTING, EnlistedConnection.plannedForItsValues(
                (connection, statement) -> bindEvents(connection, statement, entries, 0)),
                PostgresInboxAdapter::holder).stream()
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

    private static Map.Entry<EventKey, UUID> holder(ResultSet row) throws SQLException {
        return Map.entry(new EventKey(row.getString(1), row.getString(2), row.getString(3)),
                UUID.fromString(row.getString(4)));
    }

    /**
     * The entries' events as three arrays, the parameters after {@code before}: providers, endpoints and the
     * providers' event ids.
     */
    private static void bindEvents(Connection connection, PreparedStatement statement, List<NewInboxEvent> entries,
            int before) throws SQLException {
        statement.setArray(before + 1, texts(connection, entries, NewInboxEvent::provider));
        statement.setArray(before + 2, texts(connection, entries, entry -> entry.endpointId().value()));
        statement.setArray(before + 3, texts(connection, entries, entry -> entry.event().providerEventId()));
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

    /** An event's identity: its unique key in the inbox. */
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
