package io.tambat.application.testing;

import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.operator.OperatorAuditPort;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The operator audit trail in memory. */
public final class InMemoryAuditTrail implements OperatorAuditPort, RollsBack {

    private final Map<UUID, OperatorAction> actions = new LinkedHashMap<>();

    @Override
    public void record(OperatorAction action) {
        actions.put(action.actionId(), action);
    }

    @Override
    public void addCount(UUID actionId, long changed) {
        OperatorAction action = actions.get(actionId);
        actions.put(actionId, new OperatorAction(actionId, action.actor(), action.kind(), action.target(),
                action.filter(), action.count() + changed, action.at()));
    }

    @Override
    public List<OperatorAction> recent(Optional<OperatorAction.Kind> kind, int limit) {
        return actions.values().stream().filter(action -> kind.map(action.kind()::equals).orElse(true))
                .sorted(Comparator.comparing(OperatorAction::at).reversed()).limit(limit).toList();
    }

    public OperatorAction get(UUID actionId) {
        return actions.get(actionId);
    }

    @Override
    public Runnable snapshot() {
        return RollsBack.snapshotOf(actions);
    }
}
