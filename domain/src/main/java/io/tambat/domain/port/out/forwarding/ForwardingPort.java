package io.tambat.domain.port.out.forwarding;

import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.ForwardableEvent;
import io.tambat.domain.model.forwarding.HeldKey;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.forwarding.ReceivedRange;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The deliveries of forwarded messages, one per (message, destination). Methods join the caller's
 * transaction; leasing skips rows other workers hold, so no two instances send one delivery at once.
 */
public interface ForwardingPort {

    /**
     * Records deliveries in the caller's transaction (that of their cause), in one statement; a delivery of the
     * same message to the same destination already there stays as it is.
     *
     * @return how many were recorded
     */
    int enqueue(List<NewForward> forwards);

    /**
     * Up to {@code max} events received in the range, after {@code after} in (received time, inbox id) order,
     * with what forwarding them needs. Each is locked against retention until the caller's transaction ends, so
     * a delivery written for it meanwhile never outlives it; one retention is forgetting is passed over.
     */
    List<ForwardableEvent> received(ReceivedRange range, Optional<ForwardableEvent> after, int max);

    /**
     * Leases up to {@code max} due pending deliveries of one destination until {@code leaseUntil}, oldest due
     * first, counting one more attempt for each (see {@link io.tambat.domain.model.processing.Lease}); none
     * while the destination is paused. With per-object ordering, only the first unfinished delivery of each
     * ordering key is due: a later one waits while an earlier one is pending or FAILED.
     */
    List<ForwardDelivery> leaseDue(String destinationId, Destination.Ordering ordering, int max, Instant now,
            Instant leaseUntil);

    /**
     * Writes the ends of attempts, in one round trip however many. Each is fenced by its attempt: one whose
     * attempt no longer holds the delivery's lease (another worker took it over, or an operator discarded it)
     * changes nothing. The caller's transaction then commits without waiting for the disk: an end a database
     * crash forgets sends its message again under its id, as at least once allows.
     *
     * @return the ends that were written
     */
    Set<DeliveryEnd> end(List<DeliveryEnd> ends);

    /** The destination's backlog; held keys are counted only under per-object ordering. */
    DestinationBacklog backlog(String destinationId, Destination.Ordering ordering, Instant now);

    List<DeliveryRecord> deliveries(String destinationId, DeliveryQuery query);

    /**
     * A FAILED delivery back to due now, its message id kept.
     *
     * @return false when the destination has no FAILED delivery with this id
     */
    boolean redrive(String destinationId, long deliveryId, Instant now);

    /**
     * A FAILED delivery given up: SKIPPED, never sent again, its ordering key released.
     *
     * @return false when the destination has no FAILED delivery with this id
     */
    boolean skip(String destinationId, long deliveryId, Instant now);

    /**
     * Up to {@code max} FAILED deliveries of events received in the range, after {@code after} in delivery id
     * order, back to due now with their message ids.
     *
     * @return the ids of the deliveries moved, ascending
     */
    List<Long> redriveFailed(String destinationId, ReceivedRange range, Optional<Long> after, int max, Instant now);

    /**
     * Up to {@code max} finished deliveries (DELIVERED, FAILED or SKIPPED) of events received in the range, after
     * {@code after} in delivery id order, due again now with their message ids; pending ones are under way.
     *
     * @return the ids of the deliveries moved, ascending
     */
    List<Long> replay(String destinationId, ReceivedRange range, Optional<Long> after, int max, Instant now);

    /**
     * Up to {@code max} unfinished (PENDING or FAILED) deliveries of the destination, after {@code after} in
     * delivery id order, given up: SKIPPED, never sent, their ordering keys released. A lease one of them holds
     * is void, so an attempt still under way marks nothing.
     *
     * @return the ids of the deliveries given up, ascending
     */
    List<Long> discard(String destinationId, Optional<Long> after, int max, Instant now);

    /**
     * Every destination with unfinished (PENDING or FAILED) deliveries, configured or not, in id order: one no
     * longer configured is known by these alone. One index probe per such destination, never a scan of the
     * deliveries.
     */
    List<String> withUnfinishedDeliveries();

    /** @return false when it was paused already */
    boolean pause(String destinationId, Instant now);

    /** @return false when it was not paused */
    boolean resume(String destinationId);

    /** The keys FAILED deliveries hold on a destination with per-object ordering, longest held first. */
    List<HeldKey> heldKeys(String destinationId, int limit);

    /**
     * Forgets finished deliveries (DELIVERED or SKIPPED) whose cause committed before the cutoff, at most
     * {@code batch}; pending and FAILED ones stay.
     *
     * @return how many were forgotten
     */
    int purgeFinished(Instant causedBefore, int batch);

    /** Where one delivery of the destination stands, if it has one with this id. */
    Optional<DeliveryStatus> status(String destinationId, long deliveryId);
}
