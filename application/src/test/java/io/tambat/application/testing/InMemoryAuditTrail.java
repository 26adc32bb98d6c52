package io.tambat.application.testing;

import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.OperatorAction;
import java.time.Instant;
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
    private final Map<UUID, Instant> progressed = new LinkedHashMap<>();
    private final Map<UUID, Instant> ended = new LinkedHashMap<>();
    private final Map<UUID, String> failures = new LinkedHashMap<>();

    @Override
    public synchronized void record(OperatorAction action) {
        actions.put(action.actionId(), action);
    }

    @Override
    public synchronized void addCount(UUID actionId, long changed, Instant at) {
        OperatorAction action = actions.get(actionId);
        actions.put(actionId, new OperatorAction(actionId, action.actor(), action.kind(), action.target(),
                action.filter(), action.count() + changed, action.at()));
        progressed.put(actionId, at);
    }

    @Override
    public synchronized void ended(UUID actionId, Instant at, Optional<String> failure) {
        if (ended.putIfAbsent(actionId, at) == null) {
            failure.ifPresent(reason -> failures.put(actionId, reason));
        }
    }

    @Override
    public synchronized Optional<ActionProgress> find(UUID actionId) {
        return Optional.ofNullable(actions.get(actionId)).map(action -> new ActionProgress(action,
                Optional.ofNullable(progressed.get(actionId)), Optional.ofNullable(ended.get(actionId)),
                Optional.ofNullable(failures.get(actionId))));
    }

    @Override
    public synchronized List<OperatorAction> recent(Optional<OperatorAction.Kind> kind, int limit) {
        return actions.values().stream().filter(action -> kind.map(action.kind()::equals).orElse(true))
                .sorted(Comparator.comparing(OperatorAction::at).reversed()).limit(limit).toList();
    }

    public synchronized OperatorAction get(UUID actionId) {
        return actions.get(actionId);
    }

    @Override
    public Runnable snapshot() {
        List<Runnable> before = List.of(RollsBack.snapshotOf(actions), RollsBack.snapshotOf(progressed),
                RollsBack.snapshotOf(ended), RollsBack.snapshotOf(failures));
        return () -> before.forEach(Runnable::run);
    }
}
