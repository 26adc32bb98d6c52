package io.tambat.adapter.out.persistence.operator;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The operator audit trail in {@code operator_action}; a bulk action's selection is kept as a JSON object. */
@ApplicationScoped
class PostgresOperatorAuditAdapter implements OperatorAuditPort {

    private static final NumberedStatement RECORD = NumberedStatement.of("""
            INSERT INTO operator_action (action_id, actor, action, target, filter, item_count, at)
            VALUES (CAST(?1 AS uuid), ?2, ?3, ?4, CAST(?5 AS jsonb), ?6, ?7)""");

    private static final NumberedStatement ADD_COUNT = NumberedStatement.of(
            "UPDATE operator_action SET item_count = item_count + ?2 WHERE action_id = CAST(?1 AS uuid)");

    private static final NumberedStatement RECENT = NumberedStatement.of("""
            SELECT CAST(action_id AS text), actor, action, target, CAST(filter AS text), item_count, at
            FROM operator_action WHERE CAST(?1 AS text) IS NULL OR action = ?1
            ORDER BY at DESC, action_id DESC LIMIT ?2""");

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
    public void addCount(UUID actionId, long changed) {
        StorageCalls.call("audit count", () -> EnlistedConnection.update(em, ADD_COUNT, actionId.toString(), changed));
    }

    @Override
    public List<OperatorAction> recent(Optional<OperatorAction.Kind> kind, int limit) {
        return StorageCalls.call("audit listing", () -> EnlistedConnection.query(em, RECENT,
                row -> new OperatorAction(UUID.fromString(row.getString(1)), row.getString(2),
                        OperatorAction.Kind.ofCode(row.getString(3)).orElseThrow(), Optional.ofNullable(row.getString(4)),
                        filter(row.getString(5)), row.getLong(6), row.getTimestamp(7).toInstant()),
                kind.map(OperatorAction.Kind::code).orElse(null), limit));
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
