package io.tambat.application.processing;

import io.tambat.application.operator.BackgroundActions;
import io.tambat.application.port.in.inbox.RecoverInboxUseCase;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.function.LongSupplier;
import java.util.logging.Logger;

/**
 * Bulk redrive and replay: the selection is walked in order, one bounded batch per transaction
 * ({@link InboxRecoveryBatch}), each batch starting after the last row the one before moved, until a batch
 * finds nothing left. A row that comes back while the action runs is not taken twice by it. The walk runs in the
 * background ({@link BackgroundActions}); the operator waits for it a bounded time.
 */
@ApplicationScoped
public class InboxRecovery implements RecoverInboxUseCase {

    private static final Logger LOG = Logger.getLogger(InboxRecovery.class.getName());

    @Inject
    InboxRecoveryBatch batches;

    @Inject
    BackgroundActions actions;

    @Override
    public ActionAnswer<Recovery> redriveFailed(Operator operator, InboxSelection selection, Duration wait) {
        return run(operator, OperatorAction.Kind.INBOX_BULK_REDRIVE, selection, wait, () -> 0L);
    }

    @Override
    public ActionAnswer<Recovery> replayProcessed(Operator operator, InboxSelection selection, Duration wait) {
        return run(operator, OperatorAction.Kind.INBOX_REPLAY, selection, wait,
                () -> batches.notReplayable(selection));
    }

    private ActionAnswer<Recovery> run(Operator operator, OperatorAction.Kind kind, InboxSelection selection,
            Duration wait, LongSupplier skipped) {
        return actions.run(operator, kind, selection.described(), wait,
                actionId -> walk(actionId, kind, selection, skipped.getAsLong()));
    }

    private Recovery walk(UUID actionId, OperatorAction.Kind kind, InboxSelection selection, long skipped) {
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
