package io.tambat.application.operator;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.port.in.operator.ReadAuditTrailUseCase;
import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.operator.OperatorAuditPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Records operator actions in the caller's transaction, so an action and its record commit together, and reads
 * them back for operators.
 */
@ApplicationScoped
public class AuditTrail implements ReadAuditTrailUseCase {

    private OperatorAuditPort audit;
    private TimeOrderedIds ids;
    private Clock clock;

    /** For the container's client proxy only. */
    protected AuditTrail() {
    }

    @Inject
    public AuditTrail(OperatorAuditPort audit, TimeOrderedIds ids, Clock clock) {
        this.audit = audit;
        this.ids = ids;
        this.clock = clock;
    }

    /**
     * An action on one item; {@code changed} says whether it changed anything (a look-up: whether it found it).
     * Joins the caller's transaction.
     */
    public void single(Operator operator, OperatorAction.Kind kind, String target, boolean changed) {
        audit.record(OperatorAction.single(ids.next(), operator, kind, target, changed, clock.instant()));
    }

    /** A bulk action about to start, in its own transaction, so it is on record even if cut short. */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public UUID bulk(Operator operator, OperatorAction.Kind kind, Map<String, String> filter) {
        UUID actionId = ids.next();
        audit.record(OperatorAction.bulk(actionId, operator, kind, filter, clock.instant()));
        return actionId;
    }

    /**
     * What a batch of a bulk action changed, in the batch's transaction. A batch that changed nothing is recorded
     * too: it is progress, and an action whose batches long change nothing (a replay walking events the
     * destination already has) must not read as abandoned.
     */
    public void counted(UUID actionId, long changed) {
        audit.addCount(actionId, changed, clock.instant());
    }

    /** A bulk action ended, completed or failed for the redacted reason given, in its own transaction. */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void ended(UUID actionId, Optional<String> failure) {
        audit.ended(actionId, clock.instant(), failure);
    }

    @Override
    @Transactional
    public Optional<ActionProgress> action(UUID actionId) {
        return audit.find(actionId);
    }

    @Override
    @Transactional
    public List<OperatorAction> recent(Optional<OperatorAction.Kind> kind, int limit) {
        return audit.recent(kind, Math.max(1, Math.min(limit, MAX_LIMIT)));
    }
}
