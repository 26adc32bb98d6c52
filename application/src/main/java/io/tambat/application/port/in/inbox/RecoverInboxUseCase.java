package io.tambat.application.port.in.inbox;

import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.operator.Operator;
import java.time.Duration;
import java.util.UUID;

/**
 * Bulk recovery after an incident. Both actions run in bounded batches, each its own short transaction, and
 * are audited with the selection and the count of rows that committed. Both are safe to repeat: a repeat finds
 * nothing more to redrive, and a replayed event never repeats a mutation.
 */
public interface RecoverInboxUseCase {

    /**
     * Sends every FAILED row of the selection back to work, as a redrive of each would, in the background; the
     * caller waits at most {@code wait} for the outcome.
     */
    ActionAnswer<Recovery> redriveFailed(Operator operator, InboxSelection selection, Duration wait);

    /**
     * Runs processing again for every PROCESSED row of the selection whose payload and processed-event record
     * are still kept (both purged by retention after 30 days by default), under the same processed-event key: what processing derives is written under the business state's own ordering
     * rules, and only where the event has no mutation on record yet.
     */
    ActionAnswer<Recovery> replayProcessed(Operator operator, InboxSelection selection, Duration wait);

    /**
     * @param actionId      the action's entry in the audit trail
     * @param scheduled     rows sent back to work
     * @param notReplayable PROCESSED rows of the selection left alone because retention purged their payload
     *                      or their processed-event record (replay only; 0 otherwise)
     */
    record Recovery(UUID actionId, long scheduled, long notReplayable) {
    }
}
