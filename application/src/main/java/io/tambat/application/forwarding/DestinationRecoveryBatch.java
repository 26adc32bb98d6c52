package io.tambat.application.forwarding;

import io.tambat.application.operator.AuditTrail;
import io.tambat.domain.model.forwarding.ReceivedRange;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.ForwardingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The transactions of a destination's bulk redrive or replay: each batch with its count in the audit trail. */
@ApplicationScoped
public class DestinationRecoveryBatch {

    /** Small enough that a batch holds its row locks for milliseconds, never long enough to stall senders. */
    static final int SIZE = 500;

    @Inject
    ForwardingPort deliveries;

    @Inject
    AuditTrail audit;

    @Inject
    Clock clock;

    /** @return the deliveries this batch moved, ascending: the last is where the next batch starts */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<Long> next(UUID actionId, OperatorAction.Kind kind, String destinationId, ReceivedRange range,
            Optional<Long> after) {
        Instant now = clock.instant();
        List<Long> moved = switch (kind) {
            case DESTINATION_BULK_REDRIVE -> deliveries.redriveFailed(destinationId, range, after, SIZE, now);
            case DESTINATION_REPLAY -> deliveries.replay(destinationId, range, after, SIZE, now);
            default -> throw new IllegalArgumentException(kind + " is not a bulk destination action");
        };
        audit.counted(actionId, moved.size());
        return moved;
    }
}
