package io.tambat.domain.port.out;

import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.NewForward;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The deliveries of forwarded messages, one per (message, destination). Methods join the caller's
 * transaction; leasing skips rows other workers hold, so no two instances send one delivery at once.
 */
public interface ForwardingPort {

    /** Records deliveries in the caller's transaction (that of their cause), in one statement. */
    void enqueue(List<NewForward> forwards);

    /**
     * Leases up to {@code max} due pending deliveries of one destination until {@code leaseUntil}, oldest due
     * first, counting one more attempt for each (see {@link io.tambat.domain.model.processing.Lease}).
     */
    List<ForwardDelivery> leaseDue(String destinationId, int max, Instant now, Instant leaseUntil);

    /*
     * Every end below names the attempt that holds the lease and returns false, changing nothing, once another
     * worker has taken the delivery over.
     */

    boolean delivered(long deliveryId, int attempt, Optional<Integer> status, Instant now);

    boolean retryLater(long deliveryId, int attempt, Instant nextAttemptAt, Optional<Integer> status,
            String redactedError);

    boolean fail(long deliveryId, int attempt, Optional<Integer> status, String redactedError, Instant now);

    DestinationBacklog backlog(String destinationId, Instant now);

    List<DeliveryRecord> deliveries(String destinationId, DeliveryQuery query);

    /**
     * A FAILED delivery back to due now, its message id kept.
     *
     * @return false when the destination has no FAILED delivery with this id
     */
    boolean redrive(String destinationId, long deliveryId, Instant now);

    /** Where one delivery of the destination stands, if it has one with this id. */
    Optional<DeliveryStatus> status(String destinationId, long deliveryId);
}
