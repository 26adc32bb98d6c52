package io.tambat.application.forwarding;

import io.tambat.application.operator.AuditTrail;
import io.tambat.domain.model.forwarding.DeliveriesRecorded;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.ForwardableEvent;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.forwarding.ReceivedRange;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
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
    Event<DeliveriesRecorded> recorded;

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

    /** What one batch of a replay's backfill read and recorded. */
    public record Backfilled(Optional<ForwardableEvent> last, int recorded) {
    }

    /**
     * One batch of a replay's backfill: the deliveries the destination would have taken of the received events
     * after {@code after}, recorded unless it has them already, due at once (they are dated by their cause, as
     * ingest and processing date them).
     *
     * @return the last event read (where the next batch starts; none once the range is walked) and how many
     *         deliveries were recorded
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public Backfilled backfill(UUID actionId, Destination destination, ReceivedRange range,
            Optional<ForwardableEvent> after) {
        List<ForwardableEvent> events = deliveries.received(range, after, SIZE);
        List<NewForward> missing = events.stream().flatMap(event -> event.forwardsTo(destination).stream())
                .toList();
        int count = missing.isEmpty() ? 0 : deliveries.enqueue(missing);
        if (count > 0) {
            recorded.fire(new DeliveriesRecorded());
        }
        audit.counted(actionId, count);
        return new Backfilled(events.isEmpty() ? Optional.empty() : Optional.of(events.get(events.size() - 1)),
                count);
    }

    /** @return the deliveries this batch moved, ascending: the last is where the next batch starts */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<Long> next(UUID actionId, Move move, Optional<Long> after) {
        List<Long> moved = move.apply(deliveries, after, SIZE, clock.instant());
        audit.counted(actionId, moved.size());
        return moved;
    }
}
