package io.tambat.application.port.in.forwarding;

import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.HeldKey;
import io.tambat.domain.model.forwarding.ReceivedRange;
import io.tambat.domain.model.operator.Operator;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Operators' view of the forwarding destinations and their deliveries, and what they do to them: redrive or skip
 * a FAILED delivery, redrive or replay the deliveries of a received range, pause and resume, discard what a
 * removed destination left. Every change is in the audit trail.
 */
public interface OperateDestinationsUseCase {

    /**
     * Every configured destination, in configuration order, then every destination no longer configured that
     * still has unfinished (PENDING or FAILED) deliveries, in id order, as {@code removed}.
     */
    List<DestinationState> destinations();

    /**
     * The destination's deliveries, newest first, configured or removed; empty when no destination has this id.
     */
    Optional<List<DeliveryRecord>> deliveries(String destinationId, DeliveryQuery query);

    /** Puts a FAILED delivery back to work, due now, with its message id. Audited. */
    FailedDeliveryOutcome redrive(Operator operator, String destinationId, long deliveryId);

    /** Gives a FAILED delivery up: SKIPPED, never sent again, releasing its ordering key. Audited. */
    FailedDeliveryOutcome skip(Operator operator, String destinationId, long deliveryId);

    /** What an action on one FAILED delivery did: done, or why not. */
    enum FailedDeliveryOutcome { DONE, NOT_FOUND, NOT_FAILED }

    /**
     * Every FAILED delivery of the events received in the range back to work, in bounded batches. Audited with
     * its count. Each bulk action here runs in the background; the caller waits for it at most {@code wait}.
     *
     * @return empty when no destination has this id
     */
    Optional<ActionAnswer<Recovery>> redriveFailed(Operator operator, String destinationId, ReceivedRange range,
            Duration wait);

    /**
     * The messages of the events received in the range sent again, with their message ids: every finished
     * delivery due again, then the deliveries the destination would have taken of events it never had (received
     * before it was configured), while their content is kept; in bounded batches. Audited with its count.
     *
     * @return empty when no destination has this id
     */
    Optional<ActionAnswer<Recovery>> replay(Operator operator, String destinationId, ReceivedRange range,
            Duration wait);

    /** A bulk action's id in the audit trail and how many deliveries it scheduled. */
    record Recovery(UUID actionId, long scheduled) {
    }

    /**
     * No delivery of the destination is leased on any instance until it is resumed. Audited.
     *
     * @return false when no destination has this id
     */
    boolean pause(Operator operator, String destinationId);

    /** @return false when no destination has this id */
    boolean resume(Operator operator, String destinationId);

    /**
     * The ordering keys FAILED deliveries hold, longest held first.
     *
     * @return empty when no destination has this id
     */
    Optional<List<HeldKey>> heldKeys(String destinationId, int limit);

    /**
     * A removed destination's unfinished deliveries given up: SKIPPED, never sent, in bounded batches. Audited
     * with its count. Configured again later, a destination goes on with what was not discarded.
     */
    DiscardOutcome discard(Operator operator, String destinationId, Duration wait);

    /** What a discard came to. */
    sealed interface DiscardOutcome {

        /** The bulk action, with how many deliveries it gave up. */
        record Discarded(ActionAnswer<Recovery> recovery) implements DiscardOutcome {
        }

        /** Nothing: the destination is configured, and its deliveries are still sent. */
        record StillConfigured() implements DiscardOutcome {
        }

        /** Nothing: no destination, configured or removed, has this id. */
        record Unknown() implements DiscardOutcome {
        }
    }

    /**
     * One destination: its backlog as stored, and how it has been answering the fleet (every instance's attempts).
     *
     * @param kind  {@code http}, {@code kafka} or {@code jms}; unknown for a removed destination
     * @param state {@code paused} by an operator, {@code failing} after consecutive failures (a probe at a
     *              time), {@code active}, or {@code removed} when it is no longer configured but has unfinished
     *              deliveries (never sent until it is configured again or they are discarded)
     */
    record DestinationState(String destinationId, Optional<String> kind, String state, DestinationBacklog backlog,
            int consecutiveFailures, Optional<String> lastError) {
    }
}
