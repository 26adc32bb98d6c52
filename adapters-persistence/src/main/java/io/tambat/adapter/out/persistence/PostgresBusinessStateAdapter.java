package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.processing.ObjectKey;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.processing.ProviderObject;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.BusinessStatePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Business state on PostgreSQL. Each change is one {@code INSERT ... ON CONFLICT DO UPDATE ... WHERE}: the
 * ordering rule is the WHERE, evaluated on the row as locked, and an applied change writes its trail row in
 * the same statement.
 */
@ApplicationScoped
class PostgresBusinessStateAdapter implements BusinessStatePort {

    private static final String NEWER_VERSION =
            upsertWhere("object_state.version IS NULL OR object_state.version < EXCLUDED.version");

    private static final String NEWER_READ = upsertWhere("""
            (EXCLUDED.version IS NOT NULL AND (object_state.version IS NULL OR object_state.version < EXCLUDED.version))
            OR (EXCLUDED.version IS NULL AND object_state.version IS NULL
                AND (object_state.fetched_at IS NULL OR object_state.fetched_at < EXCLUDED.fetched_at))""");

    private static final String ALWAYS = upsertWhere("TRUE");

    private static final String NEXT_IN_SEQUENCE = upsertWhere("object_state.version = EXCLUDED.version - 1");

    /** {@code ?4} the endpoint, or null for every endpoint. */
    private static final String FIND = "SELECT " + ObjectStateRows.STATE + """
             FROM object_state
            WHERE provider = ?1 AND object_type = ?2 AND object_id = ?3
              AND (CAST(?4 AS text) IS NULL OR endpoint_id = CAST(?4 AS text))
            ORDER BY updated_at DESC""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public boolean applyVersioned(EndpointId endpoint, ObjectKey key, String state, long version, UUID inboxId,
            Instant now) {
        return upsert(NEWER_VERSION, endpoint, key, state, version, null, inboxId, now);
    }

    @Override
    public boolean applyFetched(EndpointId endpoint, ObjectKey key, ProviderObject current, Instant fetchedAt,
            UUID inboxId, Instant now) {
        return upsert(NEWER_READ, endpoint, key, current.state(), current.version().orElse(null), fetchedAt, inboxId,
                now);
    }

    @Override
    public SequenceOutcome applySequenced(EndpointId endpoint, ObjectKey key, String state, long sequence,
            UUID inboxId, Instant now) {
        if (upsert(NEXT_IN_SEQUENCE, endpoint, key, state, sequence, null, inboxId, now)) {
            return SequenceOutcome.APPLIED;
        }
        long stored = find(endpoint, key).flatMap(ObjectState::version).orElse(Long.MIN_VALUE);
        return stored >= sequence ? SequenceOutcome.STALE : SequenceOutcome.GAP;
    }

    @Override
    public boolean applyNotification(EndpointId endpoint, ObjectKey key, String state, UUID inboxId, Instant now) {
        return upsert(ALWAYS, endpoint, key, state, null, null, inboxId, now);
    }

    @Override
    public Optional<ObjectState> find(EndpointId endpoint, ObjectKey key) {
        return states(key, endpoint.value()).stream().findFirst();
    }

    @Override
    public List<ObjectState> findOnAnyEndpoint(ObjectKey key) {
        return states(key, null);
    }

    private List<ObjectState> states(ObjectKey key, String endpoint) {
        return StorageCalls.call("object state lookup", () -> NativeResults.rows(em.createNativeQuery(FIND)
                .setParameter(1, key.provider())
                .setParameter(2, key.type().code())
                .setParameter(3, key.objectId())
                .setParameter(4, endpoint), row -> ObjectStateRows.state(key, row)));
    }

    /**
     * The change as one statement: the row inserted, or updated where {@code condition} holds on the row as
     * locked, and the trail row of an applied change; it returns how many rows it applied (0 or 1).
     */
    private static String upsertWhere(String condition) {
        return """
                WITH applied AS (
                    INSERT INTO object_state (provider, endpoint_id, object_type, object_id, state, version,
                        fetched_at, last_inbox_id, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, CAST(? AS uuid), ?)
                    ON CONFLICT (provider, endpoint_id, object_type, object_id) DO UPDATE
                        SET state = EXCLUDED.state, version = EXCLUDED.version, fetched_at = EXCLUDED.fetched_at,
                            last_inbox_id = EXCLUDED.last_inbox_id, updated_at = EXCLUDED.updated_at
                        WHERE %s
                    RETURNING provider, endpoint_id, object_type, object_id, state, version, last_inbox_id,
                        updated_at),
                trail AS (
                    INSERT INTO object_mutation (provider, endpoint_id, object_type, object_id, inbox_id, state,
                        version, applied_at)
                    SELECT provider, endpoint_id, object_type, object_id, last_inbox_id, state, version, updated_at
                    FROM applied)
                SELECT count(*) FROM applied""".formatted(condition);
    }

    /** Runs one of the change statements on the enlisted connection: each runs on every processed event. */
    private boolean upsert(String statement, EndpointId endpoint, ObjectKey key, String state, Long version,
            Instant fetchedAt, UUID inboxId, Instant now) {
        return StorageCalls.call("object state change", () -> EnlistedConnection.query(em, statement,
                (connection, bound) -> {
                    bound.setString(1, key.provider());
                    bound.setString(2, endpoint.value());
                    bound.setString(3, key.type().code());
                    bound.setString(4, key.objectId());
                    bound.setString(5, state);
                    bound.setObject(6, version, Types.BIGINT);
                    bound.setTimestamp(7, fetchedAt == null ? null : Timestamp.from(fetchedAt));
                    bound.setString(8, inboxId.toString());
                    bound.setTimestamp(9, Timestamp.from(now));
                }, row -> row.getLong(1)).get(0)) == 1;
    }
}
