package io.tambat.application.forwarding;

import io.tambat.application.operator.AuditTrail;
import io.tambat.domain.port.out.ForwardingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The transactions of a destination's bulk action (redrive, replay, discard): each batch with its count in the
 * audit trail.
 */
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

    /** One batch of a bulk action: the deliveries it moves, after a delivery id, at most a batch of them. */
    @FunctionalInterface
    public interface Move {
        /** @return the deliveries moved, ascending */
        List<Long> apply(ForwardingPort deliveries, Optional<Long> after, int max, Instant now);
    }

    /** Whether the destination has unfinished deliveries: one no longer configured is known by these alone. */
    @Transactional
    public boolean hasUnfinished(String destinationId) {
        return deliveries.withUnfinishedDeliveries().contains(destinationId);
    }

    /** @return the deliveries this batch moved, ascending: the last is where the next batch starts */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<Long> next(UUID actionId, Move move, Optional<Long> after) {
        List<Long> moved = move.apply(deliveries, after, SIZE, clock.instant());
        audit.counted(actionId, moved.size());
        return moved;
    }
}
