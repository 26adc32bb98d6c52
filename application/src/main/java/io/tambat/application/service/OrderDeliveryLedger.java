package io.tambat.application.service;

import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.port.out.OrderDeliveryPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * The short transactions around downstream calls: lease, record a finished step, finish, retry or fail.
 * No transaction is open while payments or inventory are called.
 */
@ApplicationScoped
public class OrderDeliveryLedger {

    @Inject
    OrderDeliveryPort deliveries;

    @Inject
    ProcessingSettings settings;

    @Inject
    Clock clock;

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<OrderDelivery> leaseBatch() {
        Instant now = clock.instant();
        return deliveries.leaseDue(settings.batchSize(), now, now.plus(settings.lease()));
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void charged(OrderDelivery delivery) {
        deliveries.markCharged(delivery.outboxId(), clock.instant());
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void reserved(OrderDelivery delivery) {
        deliveries.markReserved(delivery.outboxId(), clock.instant());
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void delivered(OrderDelivery delivery) {
        deliveries.markDelivered(delivery.outboxId(), clock.instant());
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void retryLater(OrderDelivery delivery, Instant next, String reason) {
        deliveries.retryLater(delivery.outboxId(), next, reason);
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void fail(OrderDelivery delivery, String reason) {
        deliveries.fail(delivery.outboxId(), reason, clock.instant());
    }
}
