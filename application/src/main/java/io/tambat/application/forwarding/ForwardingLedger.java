package io.tambat.application.forwarding;

import io.tambat.application.work.WorkSettings;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * The short transactions around sends: a lease, the ends of a group of attempts with the next lease, or one end.
 * None is open while a destination is called. Every end is fenced by the delivery's lease: one whose attempt was
 * taken over writes nothing (said by what is returned as written, or for one end alone by
 * {@link LeaseLostException}).
 */
@ApplicationScoped
public class ForwardingLedger {

    @Inject
    ForwardingPort deliveries;

    @Inject
    WorkSettings settings;

    @Inject
    Clock clock;

    /** The ends of a group of attempts as written, and what was leased after them in the same transaction. */
    public record EndsAndLeases(Set<DeliveryEnd> written, List<ForwardDelivery> leased) {
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<ForwardDelivery> leaseBatch(Destination destination, int max) {
        return lease(destination, max);
    }

    /**
     * Writes a group of ends in one round trip, then leases up to {@code max} more in the same transaction: one
     * commit for the slots the group freed and the deliveries that fill them.
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public EndsAndLeases endThenLease(Destination destination, List<DeliveryEnd> ends, int max) {
        Set<DeliveryEnd> written = deliveries.end(ends);
        return new EndsAndLeases(written, max == 0 ? List.of() : lease(destination, max));
    }

    /** One end alone. */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void end(DeliveryEnd end) {
        if (deliveries.end(List.of(end)).isEmpty()) {
            throw new LeaseLostException("forward delivery " + end.deliveryId() + " attempt " + end.attempt()
                    + " no longer holds its lease");
        }
    }

    /** The lease covers a whole attempt: the destination's timeout, and the shared lease for the rest. */
    private List<ForwardDelivery> lease(Destination destination, int max) {
        Instant now = clock.instant();
        return deliveries.leaseDue(destination.id(), destination.ordering(), max, now,
                now.plus(settings.lease()).plus(destination.timeout()));
    }
}
