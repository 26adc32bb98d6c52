package io.tambat.application.processing;

import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.inbox.RecoverInboxUseCase;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Logger;

/**
 * Bulk redrive and replay: the selection is walked in order, one bounded batch per transaction
 * ({@link InboxRecoveryBatch}), each batch starting after the last row the one before moved, until a batch
 * finds nothing left. A row that comes back while the action runs is not taken twice by it.
 */
@ApplicationScoped
public class InboxRecovery implements RecoverInboxUseCase {

    private static final Logger LOG = Logger.getLogger(InboxRecovery.class.getName());

    @Inject
    InboxRecoveryBatch batches;

    @Inject
    AuditTrail audit;

    @Override
    public Recovery redriveFailed(Operator operator, InboxSelection selection) {
        return run(operator, OperatorAction.Kind.INBOX_BULK_REDRIVE, selection, 0);
    }

    @Override
    public Recovery replayProcessed(Operator operator, InboxSelection selection) {
        return run(operator, OperatorAction.Kind.INBOX_REPLAY, selection, batches.notReplayable(selection));
    }

    private Recovery run(Operator operator, OperatorAction.Kind kind, InboxSelection selection, long skipped) {
        UUID actionId = audit.bulk(operator, kind, selection.described());
        long scheduled = 0;
        Optional<InboxSelection.Position> after = Optional.empty();
        while (true) {
            InboxRecoveryBatch.Moved moved = batches.next(actionId, kind, selection, after);
            if (moved.count() == 0) {
                break;
            }
            scheduled += moved.count();
            after = moved.last();
        }
        long total = scheduled;
        // Who acted is in the audit trail, not in the log: an operator's name is personal data.
        LOG.info(() -> kind.code() + " " + actionId + " sent " + total + " inbox row(s) back to work");
        return new Recovery(actionId, scheduled, skipped);
    }
}
