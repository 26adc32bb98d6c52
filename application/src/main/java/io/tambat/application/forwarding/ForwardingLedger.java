package io.tambat.application.forwarding;

import io.tambat.application.work.WorkSettings;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.port.out.ForwardingPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The short transactions around a send: lease, then delivered, retry later or fail. None is open while a
 * destination is called. Every end is fenced by the delivery's lease and throws {@link LeaseLostException}
 * once another worker took the delivery over.
 */
@ApplicationScoped
public class ForwardingLedger {

    @Inject
    ForwardingPort deliveries;

    @Inject
    WorkSettings settings;

    @Inject
    Clock clock;

    /** The lease covers a whole attempt: the destination's timeout, and the shared lease for the rest. */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<ForwardDelivery> leaseBatch(Destination destination, int max) {
        Instant now = clock.instant();
        return deliveries.leaseDue(destination.id(), destination.ordering(), max, now, now.plus(settings.lease()).plus(destination.timeout()));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void delivered(ForwardDelivery delivery, Optional<Integer> status) {
        held(delivery, deliveries.delivered(delivery.deliveryId(), attempt(delivery), status, clock.instant()));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void retryLater(ForwardDelivery delivery, Instant next, Optional<Integer> status, String reason) {
        held(delivery, deliveries.retryLater(delivery.deliveryId(), attempt(delivery), next, status, reason));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void fail(ForwardDelivery delivery, Optional<Integer> status, String reason) {
        held(delivery, deliveries.fail(delivery.deliveryId(), attempt(delivery), status, reason, clock.instant()));
    }

    private static int attempt(ForwardDelivery delivery) {
        return delivery.lease().attempt();
    }

    private static void held(ForwardDelivery delivery, boolean written) {
        if (!written) {
            throw new LeaseLostException("forward delivery " + delivery.deliveryId() + " attempt "
                    + delivery.lease().attempt() + " no longer holds its lease");
        }
    }
}
