package io.tambat.application.forwarding;

import io.tambat.application.operator.AuditTrail;
import io.tambat.application.operator.BackgroundActions;
import io.tambat.application.port.in.forwarding.OperateDestinationsUseCase;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationAnswers;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.DestinationCondition;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.ForwardableEvent;
import io.tambat.domain.model.forwarding.HeldKey;
import io.tambat.domain.model.forwarding.ReceivedRange;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.port.out.forwarding.DestinationHealthPort;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.ToLongFunction;
import java.util.logging.Logger;

/**
 * Operator reads of destinations and deliveries, and their audited actions. A bulk redrive, replay or discard
 * walks the deliveries in delivery id order, one bounded batch per transaction ({@link DestinationRecoveryBatch}),
 * each batch starting after the last delivery the one before moved, until a batch finds nothing left: a delivery
 * that comes back while the action runs is not taken twice by it. A destination removed from the configuration
 * is still known by its unfinished deliveries: they are listed, and can be skipped or discarded.
 */
@ApplicationScoped
public class DestinationOperations implements OperateDestinationsUseCase {

    private static final Logger LOG = Logger.getLogger(DestinationOperations.class.getName());

    @Inject
    Destinations destinations;

    @Inject
    ForwardingPort deliveries;

    @Inject
    DestinationHealthPort health;

    @Inject
    DestinationRecoveryBatch batches;

    @Inject
    AuditTrail audit;

    @Inject
    BackgroundActions actions;

    @Inject
    Clock clock;

    @Override
    @Transactional
    public List<DestinationState> destinations() {
        Instant now = clock.instant();
        Map<String, DestinationAnswers> answers = health.all();
        List<DestinationState> states = new ArrayList<>();
        destinations.all().forEach(destination -> states.add(state(destination, answers.getOrDefault(
                destination.id(), DestinationAnswers.NONE), now)));
        removed().forEach(destinationId -> states.add(removedState(destinationId, now)));
        return states;
    }

    @Override
    @Transactional
    public Optional<List<DeliveryRecord>> deliveries(String destinationId, DeliveryQuery query) {
        return known(destinationId) ? Optional.of(deliveries.deliveries(destinationId, query)) : Optional.empty();
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public FailedDeliveryOutcome redrive(Operator operator, String destinationId, long deliveryId) {
        return onFailed(operator, OperatorAction.Kind.FORWARD_DELIVERY_REDRIVE, destinationId, deliveryId,
                deliveries::redrive);
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public FailedDeliveryOutcome skip(Operator operator, String destinationId, long deliveryId) {
        return onFailed(operator, OperatorAction.Kind.FORWARD_DELIVERY_SKIP, destinationId, deliveryId,
                deliveries::skip);
    }

    @Override
    public Optional<ActionAnswer<Recovery>> redriveFailed(Operator operator, String destinationId,
            ReceivedRange range, Duration wait) {
        OperatorAction.Kind kind = OperatorAction.Kind.DESTINATION_BULK_REDRIVE;
        return destinations.find(destinationId).map(destination -> recover(operator, kind, destination.id(),
                range.described(), wait, actionId -> moved(actionId, kind, destination.id(),
                        (port, after, max, now) -> port.redriveFailed(destination.id(), range, after, max, now))));
    }

    @Override
    public Optional<ActionAnswer<Recovery>> replay(Operator operator, String destinationId, ReceivedRange range,
            Duration wait) {
        OperatorAction.Kind kind = OperatorAction.Kind.DESTINATION_REPLAY;
        return destinations.find(destinationId).map(destination -> recover(operator, kind, destination.id(),
                range.described(), wait, actionId -> moved(actionId, kind, destination.id(),
                        (port, after, max, now) -> port.replay(destination.id(), range, after, max, now))
                        + backfill(actionId, destination, range)));
    }

    @Override
    public DiscardOutcome discard(Operator operator, String destinationId, Duration wait) {
        if (destinations.find(destinationId).isPresent()) {
            return new DiscardOutcome.StillConfigured();
        }
        if (!batches.hasUnfinished(destinationId)) {
            return new DiscardOutcome.Unknown();
        }
        OperatorAction.Kind kind = OperatorAction.Kind.DESTINATION_DISCARD;
        return new DiscardOutcome.Discarded(recover(operator, kind, destinationId, Map.of(), wait,
                actionId -> moved(actionId, kind, destinationId,
                        (port, after, max, now) -> port.discard(destinationId, after, max, now))));
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public boolean pause(Operator operator, String destinationId) {
        if (destinations.find(destinationId).isEmpty()) {
            return false;
        }
        audit.single(operator, OperatorAction.Kind.DESTINATION_PAUSE, destinationId,
                deliveries.pause(destinationId, clock.instant()));
        return true;
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public boolean resume(Operator operator, String destinationId) {
        if (destinations.find(destinationId).isEmpty()) {
            return false;
        }
        audit.single(operator, OperatorAction.Kind.DESTINATION_RESUME, destinationId, deliveries.resume(destinationId));
        return true;
    }

    @Override
    @Transactional
    public Optional<List<HeldKey>> heldKeys(String destinationId, int limit) {
        Optional<Destination> configured = destinations.find(destinationId);
        if (configured.isEmpty()) {
            // A removed destination's ordering is no longer known, nor does anything wait to be sent.
            return known(destinationId) ? Optional.of(List.of()) : Optional.empty();
        }
        return Optional.of(configured.get().ordering() == Destination.Ordering.PER_OBJECT
                ? deliveries.heldKeys(destinationId, limit) : List.of());
    }

    /** Changes one FAILED delivery (true when it was FAILED and changed), audited either way. */
    private FailedDeliveryOutcome onFailed(Operator operator, OperatorAction.Kind kind, String destinationId,
            long deliveryId, FailedDeliveryChange change) {
        if (!known(destinationId)) {
            return FailedDeliveryOutcome.NOT_FOUND;
        }
        boolean changed = change.apply(destinationId, deliveryId, clock.instant());
        audit.single(operator, kind, destinationId + "/" + deliveryId, changed);
        if (changed) {
            return FailedDeliveryOutcome.DONE;
        }
        return deliveries.status(destinationId, deliveryId).isPresent() ? FailedDeliveryOutcome.NOT_FAILED
                : FailedDeliveryOutcome.NOT_FOUND;
    }

    /** {@link ForwardingPort#redrive} or {@link ForwardingPort#skip}. */
    private interface FailedDeliveryChange {
        boolean apply(String destinationId, long deliveryId, Instant now);
    }

    /** A bulk action on the destination's deliveries, in the background; the caller waits at most {@code wait}. */
    private ActionAnswer<Recovery> recover(Operator operator, OperatorAction.Kind kind, String destinationId,
            Map<String, String> described, Duration wait, ToLongFunction<UUID> walk) {
        Map<String, String> filter = new LinkedHashMap<>(described);
        filter.put("destination_id", destinationId);
        return actions.run(operator, kind, filter, wait, actionId -> new Recovery(actionId, walk.applyAsLong(actionId)));
    }

    /** Walks the deliveries a move selects, one batch per transaction; returns how many it moved. */
    private long moved(UUID actionId, OperatorAction.Kind kind, String destinationId,
            DestinationRecoveryBatch.Move move) {
        long scheduled = 0;
        Optional<Long> after = Optional.empty();
        while (true) {
            List<Long> moved = batches.next(actionId, move, after);
            if (moved.isEmpty()) {
                break;
            }
            scheduled += moved.size();
            after = Optional.of(moved.get(moved.size() - 1));
        }
        long total = scheduled;
        // Who acted is in the audit trail, not in the log: an operator's name is personal data.
        LOG.info(() -> kind.code() + " " + actionId + " moved " + total + " delivery(ies) of " + destinationId);
        return scheduled;
    }

    /**
     * The second part of a replay: the messages of the range's events the destination never had (received before
     * it was configured), while their content is kept, walked in received order one batch at a time, in the
     * replay's audited action.
     *
     * @return how many deliveries it recorded
     */
    private long backfill(UUID actionId, Destination destination, ReceivedRange range) {
        long recorded = 0;
        Optional<ForwardableEvent> after = Optional.empty();
        while (true) {
            DestinationRecoveryBatch.Backfilled batch = batches.backfill(actionId, destination, range, after);
            if (batch.last().isEmpty()) {
                break;
            }
            recorded += batch.recorded();
            after = batch.last();
        }
        long total = recorded;
        LOG.info(() -> OperatorAction.Kind.DESTINATION_REPLAY.code() + " " + actionId + " recorded " + total
                + " delivery(ies) " + destination.id() + " never had");
        return recorded;
    }

    /** As the fleet sees it: its answers are every instance's. */
    private DestinationState state(Destination destination, DestinationAnswers answers, Instant now) {
        DestinationBacklog backlog = deliveries.backlog(destination.id(), destination.ordering(), now);
        return new DestinationState(destination.id(), Optional.of(destination.target().kind()),
                DestinationCondition.of(backlog.paused(), answers).wireName(), backlog,
                answers.consecutiveFailures(), answers.lastError());
    }

    private DestinationState removedState(String destinationId, Instant now) {
        return new DestinationState(destinationId, Optional.empty(), DestinationCondition.REMOVED.wireName(),
                deliveries.backlog(destinationId, Destination.Ordering.NONE, now), 0, Optional.empty());
    }

    /** The destinations no longer configured that still have unfinished deliveries. */
    private List<String> removed() {
        return deliveries.withUnfinishedDeliveries().stream()
                .filter(destinationId -> destinations.find(destinationId).isEmpty()).toList();
    }

    /** Configured, or removed with unfinished deliveries left. */
    private boolean known(String destinationId) {
        return destinations.find(destinationId).isPresent() || removed().contains(destinationId);
    }
}
