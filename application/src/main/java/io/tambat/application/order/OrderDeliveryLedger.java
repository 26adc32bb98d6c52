package io.tambat.application.order;

import io.tambat.application.work.WorkSettings;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.port.out.order.OrderDeliveryPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * The short transactions around downstream calls: lease, record a finished step, finish, retry or fail.
 * No transaction is open while payments or inventory are called. Every write is fenced by the delivery's
 * lease and throws {@link LeaseLostException} once another consumer took the delivery over.
 */
@ApplicationScoped
public class OrderDeliveryLedger {

    @Inject
    OrderDeliveryPort deliveries;

    @Inject
    WorkSettings settings;

    @Inject
    Clock clock;

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<OrderDelivery> leaseBatch(int size) {
        Instant now = clock.instant();
        return deliveries.leaseDue(size, now, now.plus(settings.lease()));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void charged(OrderDelivery delivery) {
        held(delivery, deliveries.markCharged(delivery.outboxId(), attempt(delivery), clock.instant()));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void reserved(OrderDelivery delivery) {
        held(delivery, deliveries.markReserved(delivery.outboxId(), attempt(delivery), clock.instant()));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void delivered(OrderDelivery delivery) {
        held(delivery, deliveries.markDelivered(delivery.outboxId(), attempt(delivery), clock.instant()));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void retryLater(OrderDelivery delivery, Instant next, String reason) {
        held(delivery, deliveries.retryLater(delivery.outboxId(), attempt(delivery), next, reason));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void fail(OrderDelivery delivery, String reason) {
        held(delivery, deliveries.fail(delivery.outboxId(), attempt(delivery), reason, clock.instant()));
    }

    private static int attempt(OrderDelivery delivery) {
        return delivery.lease().attempt();
    }

    private static void held(OrderDelivery delivery, boolean written) {
        if (!written) {
            throw new LeaseLostException("order delivery " + delivery.outboxId() + " attempt "
                    + delivery.lease().attempt() + " no longer holds its lease");
        }
    }
}
