package io.tambat.adapter.out.persistence.operator;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StatementDeadline;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.operator.OperatorAuditPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.io.StringReader;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The operator audit trail in {@code operator_action}; a bulk action's selection is kept as a JSON object, and
 * beside it, as the action runs in the background, when its last batch committed and how it ended.
 */
@ApplicationScoped
class PostgresOperatorAuditAdapter implements OperatorAuditPort {

    private static final NumberedStatement RECORD = NumberedStatement.of("""
            INSERT INTO operator_action (action_id, actor, action, target, filter, item_count, at)
            VALUES (CAST(?1 AS uuid), ?2, ?3, ?4, CAST(?5 AS jsonb), ?6, ?7)""");

    private static final NumberedStatement ADD_COUNT = NumberedStatement.of("""
            UPDATE operator_action SET item_count = item_count + ?2, progressed_at = ?3
            WHERE action_id = CAST(?1 AS uuid)""");

    /**
     * Only the first end is kept: an end reported again (a call retried after its commit went through, say) never
     * rewrites how the action ended, which operators may have read already.
     */
    private static final NumberedStatement ENDED = NumberedStatement.of("""
            UPDATE operator_action SET ended_at = ?2, failure = ?3
            WHERE action_id = CAST(?1 AS uuid) AND ended_at IS NULL""");

    /** The columns {@code action} reads, then the action's progress. */
    private static final NumberedStatement FIND = NumberedStatement.of("""
            SELECT CAST(action_id AS text), actor, action, target, CAST(filter AS text), item_count, at,
                progressed_at, ended_at, failure
            FROM operator_action WHERE action_id = CAST(?1 AS uuid)""");

    /**
     * The columns {@code action} reads, of the kinds this release knows ({@code ?3}), so that a kind a later release
     * added takes no place in the limit.
     */
    private static final NumberedStatement RECENT = NumberedStatement.of("""
            SELECT CAST(action_id AS text), actor, action, target, CAST(filter AS text), item_count, at
            FROM operator_action WHERE (CAST(?1 AS text) IS NULL OR action = ?1) AND action = ANY (CAST(?3 AS text[]))
            ORDER BY at DESC, action_id DESC LIMIT ?2""");

    private static final String[] KNOWN_KINDS = Arrays.stream(OperatorAction.Kind.values())
            .map(OperatorAction.Kind::code).toArray(String[]::new);

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public void record(OperatorAction action) {
        JsonObjectBuilder filter = JsonProviders.PROVIDER.createObjectBuilder();
        action.filter().forEach(filter::add);
        StorageCalls.call("audit record", () -> EnlistedConnection.update(em, RECORD, action.actionId().toString(),
                action.actor(), action.kind().code(), action.target().orElse(null), filter.build().toString(),
                action.count(), Timestamp.from(action.at())));
    }

    @Override
    public void addCount(UUID actionId, long changed, Instant at) {
        StorageCalls.call("audit count", () -> EnlistedConnection.update(em, ADD_COUNT, actionId.toString(), changed,
                Timestamp.from(at)));
    }

    @Override
    public void ended(UUID actionId, Instant at, Optional<String> failure) {
        StorageCalls.call("audit end", () -> EnlistedConnection.update(em, ENDED, actionId.toString(),
                Timestamp.from(at), failure.orElse(null)));
    }

    @Override
    public Optional<ActionProgress> find(UUID actionId) {
        return StorageCalls.call("audit action", () -> EnlistedConnection.query(em, StatementDeadline.OPERATOR, FIND,
                EnlistedConnection.columnsTo(row -> action(row).map(action -> new ActionProgress(action,
                        ColumnValues.optionalInstant(row[7]), ColumnValues.optionalInstant(row[8]),
                        ColumnValues.optionalText(row[9])))),
                actionId.toString()).stream().flatMap(Optional::stream).findFirst());
    }

    @Override
    public List<OperatorAction> recent(Optional<OperatorAction.Kind> kind, int limit) {
        return StorageCalls.call("audit listing", () -> EnlistedConnection.query(em, StatementDeadline.OPERATOR, RECENT,
                EnlistedConnection.columnsTo(PostgresOperatorAuditAdapter::action),
                kind.map(OperatorAction.Kind::code).orElse(null), limit, KNOWN_KINDS)
                .stream().flatMap(Optional::stream).toList());
    }

    /**
     * An action from the first columns of {@code RECENT} and {@code FIND}, which select them in the same order; empty
     * for a kind this release does not know, which a later release running beside it recorded: its own instances
     * show it, and this one goes on showing the rest of the trail.
     */
    private static Optional<OperatorAction> action(Object[] row) {
        return OperatorAction.Kind.ofCode((String) row[2]).map(kind -> new OperatorAction(ColumnValues.uuid(row[0]),
                (String) row[1], kind, ColumnValues.optionalText(row[3]), filter((String) row[4]),
                ColumnValues.number(row[5]), ColumnValues.instant(row[6])));
    }

    private static Map<String, String> filter(String stored) {
        try (var reader = JsonProviders.PROVIDER.createReader(new StringReader(stored))) {
            JsonObject object = reader.readObject();
            Map<String, String> filter = new LinkedHashMap<>();
            object.forEach((name, value) -> filter.put(name, ((JsonString) value).getString()));
            return filter;
        }
    }
}
