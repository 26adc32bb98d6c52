package io.tambat.adapter.out.persistence.processing;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.RetentionDeletes;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.processing.StateWrite;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.processing.BusinessStatePort;
import io.tambat.provider.spi.ObjectKey;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Array;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

/**
 * Business state on PostgreSQL. Writes are applied in rounds: a round holds at most one write per object and
 * runs one {@code INSERT ... ON CONFLICT DO UPDATE ... WHERE} per rule for all its writes, arrays bound
 * column by column; the rule is the WHERE, evaluated on each row as locked, and the applied rows write their
 * trail rows in the same statement. One statement cannot change a row twice, so the second write to an object
 * waits for the next round, which runs after the first: a later write sees an earlier one, as alone.
 */
@ApplicationScoped
class PostgresBusinessStateAdapter implements BusinessStatePort {

    /** What any write may insert for an object with no state stored yet. */
    private static final String ANY_FIRST = "TRUE";

    private static final Map<StateWrite.Rule, String> WRITE_WHERE = new EnumMap<>(Map.of(
            StateWrite.Rule.NEWER_VERSION,
            writeWhere(ANY_FIRST, "object_state.version IS NULL OR object_state.version < EXCLUDED.version"),
            StateWrite.Rule.NEWER_READ, writeWhere(ANY_FIRST, """
                    (EXCLUDED.version IS NOT NULL
                        AND (object_state.version IS NULL OR object_state.version < EXCLUDED.version))
                    OR (EXCLUDED.version IS NULL AND object_state.version IS NULL
                        AND (object_state.fetched_at IS NULL OR object_state.fetched_at < EXCLUDED.fetched_at))"""),
            StateWrite.Rule.NEXT_IN_SEQUENCE, writeWhere("""
                    write.version = write.sequence_start OR EXISTS (SELECT 1 FROM object_state s
                        WHERE s.provider = write.provider AND s.endpoint_id = write.endpoint_id
                          AND s.object_type = write.object_type AND s.object_id = write.object_id)""",
                    "object_state.version = EXCLUDED.version - 1"),
            StateWrite.Rule.ALWAYS, writeWhere(ANY_FIRST, "TRUE")));

    /** {@code ?4} the endpoint, or null for every endpoint. */
    private static final String FIND = """
            SELECT endpoint_id, state, version, CAST(last_inbox_id AS text), updated_at FROM object_state
            WHERE provider = ?1 AND object_type = ?2 AND object_id = ?3
              AND (CAST(?4 AS text) IS NULL OR endpoint_id = CAST(?4 AS text))
            ORDER BY updated_at DESC""";

    private static final String MUTATED_AMONG = "SELECT CAST(inbox_id AS text) FROM object_mutation"
            + " WHERE inbox_id = ANY (CAST(CAST(? AS text[]) AS uuid[]))";

    /**
     * Oldest first, along the primary key, in the days that begin before the cutoff alone: a mutation is applied
     * after its event's receipt, so none of a later day is past it. The trail goes by days
     * ({@link io.tambat.domain.port.out.retention.TimePartitionsPort.Records#MUTATION_TRAIL}); these are the
     * mutations that outlived theirs. A mutation an unfinished (PENDING or FAILED) state-change delivery still has to
     * send stays until that delivery is delivered or skipped.
     */
    private static final String PURGE_TRAIL = """
            DELETE FROM object_mutation WHERE (mutation_id, event_received_at) IN (
                SELECT mutation_id, event_received_at FROM object_mutation m
                WHERE applied_at < ?1 AND event_received_at < ?1
                  AND NOT EXISTS (SELECT 1 FROM forward_delivery f
                                  WHERE f.inbox_id = m.inbox_id AND f.message_type = 'state-change'
                                    AND f.status IN ('PENDING', 'FAILED'))
                ORDER BY mutation_id LIMIT ?2)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<Outcome> applyAll(List<StateWrite> writes, Instant now) {
        Outcome[] outcomes = new Outcome[writes.size()];
        for (List<Integer> round : rounds(writes)) {
            Map<StateWrite.Rule, List<Integer>> byRule = new EnumMap<>(StateWrite.Rule.class);
            round.forEach(i -> byRule.computeIfAbsent(writes.get(i).rule(), rule -> new ArrayList<>()).add(i));
            byRule.forEach((rule, indexes) -> {
                List<StateWrite> ruled = indexes.stream().map(writes::get).toList();
                Set<UUID> applied = write(rule, ruled, now);
                for (int i : indexes) {
                    StateWrite write = writes.get(i);
                    outcomes[i] = applied.contains(write.inboxId()) ? Outcome.APPLIED : notApplied(write);
                }
            });
        }
        return List.of(outcomes);
    }

    /**
     * The writes' positions, split into rounds in order: the n-th write to an object goes into round n, so no
     * round holds two writes to one object and each object's writes run in their order.
     */
    private static List<List<Integer>> rounds(List<StateWrite> writes) {
        Map<Target, Integer> seen = new HashMap<>();
        List<List<Integer>> rounds = new ArrayList<>();
        for (int i = 0; i < writes.size(); i++) {
            int round = seen.merge(Target.of(writes.get(i)), 1, Integer::sum) - 1;
            if (round == rounds.size()) {
                rounds.add(new ArrayList<>());
            }
            rounds.get(round).add(i);
        }
        return rounds;
    }

    /** Why a write left the stored state alone: only a sequenced write can be ahead of what is stored. */
    private Outcome notApplied(StateWrite write) {
        if (write.rule() != StateWrite.Rule.NEXT_IN_SEQUENCE) {
            return Outcome.STALE;
        }
        long stored = find(write.endpoint(), write.key()).flatMap(ObjectState::version).orElse(Long.MIN_VALUE);
        return stored >= write.version().orElseThrow() ? Outcome.STALE : Outcome.GAP;
    }

    @Override
    public Set<UUID> mutatedAmong(Set<UUID> inboxIds) {
        return Set.copyOf(StorageCalls.call("mutation trail lookup", () -> EnlistedConnection.query(em, MUTATED_AMONG,
                (connection, statement) -> statement.setArray(1, EnlistedConnection.texts(connection,
                        inboxIds.stream().map(UUID::toString).toList())),
                row -> UUID.fromString(row.getString(1)))));
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

    @Override
    public int purgeTrail(Instant appliedBefore, int batch) {
        return RetentionDeletes.run(em, "mutation trail purge", PURGE_TRAIL, appliedBefore, batch);
    }

    /**
     * The writes of one rule as one statement: each row inserted, or updated where {@code condition} holds on
     * the row as locked, and the trail rows of those applied, each with when its event was received; it returns
     * the inbox ids of the writes applied. {@code insertable} says which writes may create an object's first
     * state, and {@code condition} which may replace a stored one.
     */
    private static String writeWhere(String insertable, String condition) {
        return """
                WITH write AS (
                    SELECT * FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
                        CAST(? AS text[]), CAST(CAST(? AS text[]) AS bigint[]),
                        CAST(CAST(? AS text[]) AS timestamptz[]), CAST(CAST(? AS text[]) AS uuid[]),
                        CAST(CAST(? AS text[]) AS bigint[]), CAST(CAST(? AS text[]) AS timestamptz[]))
                        AS write(provider, endpoint_id, object_type, object_id, state, version, fetched_at, inbox_id,
                            sequence_start, event_received_at)),
                applied AS (
                    INSERT INTO object_state (provider, endpoint_id, object_type, object_id, state, version,
                        fetched_at, last_inbox_id, updated_at)
                    SELECT provider, endpoint_id, object_type, object_id, state, version, fetched_at, inbox_id, ?
                    FROM write
                    WHERE %s
                    ON CONFLICT (provider, endpoint_id, object_type, object_id) DO UPDATE
                        SET state = EXCLUDED.state, version = EXCLUDED.version, fetched_at = EXCLUDED.fetched_at,
                            last_inbox_id = EXCLUDED.last_inbox_id, updated_at = EXCLUDED.updated_at
                        WHERE %s
                    RETURNING provider, endpoint_id, object_type, object_id, state, version, last_inbox_id,
                        updated_at),
                trail AS (
                    INSERT INTO object_mutation (provider, endpoint_id, object_type, object_id, inbox_id, state,
                        version, applied_at, event_received_at)
                    SELECT applied.provider, applied.endpoint_id, applied.object_type, applied.object_id,
                        applied.last_inbox_id, applied.state, applied.version, applied.updated_at,
                        write.event_received_at
                    FROM applied JOIN write ON write.inbox_id = applied.last_inbox_id)
                SELECT CAST(last_inbox_id AS text) FROM applied""".formatted(insertable, condition);
    }

    /** Runs one rule's statement for writes to distinct objects, on the enlisted connection. */
    private Set<UUID> write(StateWrite.Rule rule, List<StateWrite> writes, Instant now) {
        return Set.copyOf(StorageCalls.call("object state change", () -> EnlistedConnection.query(em,
                WRITE_WHERE.get(rule), (connection, statement) -> {
                    statement.setArray(1, column(connection, writes, write -> write.key().provider()));
                    statement.setArray(2, column(connection, writes, write -> write.endpoint().value()));
                    statement.setArray(3, column(connection, writes, write -> write.key().type().code()));
                    statement.setArray(4, column(connection, writes, write -> write.key().objectId()));
                    statement.setArray(5, column(connection, writes, StateWrite::state));
                    statement.setArray(6, column(connection, writes,
                            write -> write.version().map(String::valueOf).orElse(null)));
                    statement.setArray(7, column(connection, writes,
                            write -> write.fetchedAt().map(Instant::toString).orElse(null)));
                    statement.setArray(8, column(connection, writes, write -> write.inboxId().toString()));
                    statement.setArray(9, column(connection, writes,
                            write -> write.sequenceStart().map(String::valueOf).orElse(null)));
                    statement.setArray(10, column(connection, writes, write -> write.eventReceivedAt().toString()));
                    statement.setTimestamp(11, Timestamp.from(now));
                }, row -> UUID.fromString(row.getString(1)))));
    }

    private static Array column(Connection connection, List<StateWrite> writes, Function<StateWrite, String> value)
            throws SQLException {
        return EnlistedConnection.texts(connection, writes.stream().map(value).toList());
    }

    /** The object a write is to, on its endpoint. */
    private record Target(EndpointId endpoint, ObjectKey key) {
        static Target of(StateWrite write) {
            return new Target(write.endpoint(), write.key());
        }
    }
}
