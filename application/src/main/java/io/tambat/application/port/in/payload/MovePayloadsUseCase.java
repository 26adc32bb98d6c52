package io.tambat.application.port.in.payload;

import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.port.out.inbox.PayloadMovePort;
import java.time.Duration;
import java.util.UUID;

/**
 * Stored payloads moved to where new ones are kept ({@code tambat.payloads.store}), so that a running deployment
 * switches stores without downtime: set the store, roll the instances, then move what was stored before.
 */
public interface MovePayloadsUseCase {

    /**
     * Moves every retained payload kept elsewhere, a batch per transaction, in the background; the caller waits at
     * most {@code wait}. Resumable: a move cut short leaves every row either moved or not, and a move started
     * again goes on with the rest. Audited, with its count, as {@code payloads.move}.
     */
    ActionAnswer<Moved> move(Operator operator, Duration wait);

    /** Where new payloads go, and how many retained payloads are where, each counted up to a bound. */
    Placement placement();

    /**
     * @param actionId the move's entry in the audit trail
     * @param to       where the move took them: {@code database} or {@code s3}
     * @param moved    how many payloads it moved
     */
    record Moved(UUID actionId, String to, long moved) {
    }

    /** @param store where new payloads go: {@code database} or {@code s3} */
    record Placement(String store, PayloadMovePort.Places places) {
    }
}
