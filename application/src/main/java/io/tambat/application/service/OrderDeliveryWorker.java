package io.tambat.application.service;

import io.tambat.domain.error.DownstreamRefusedException;
import io.tambat.domain.model.order.DownstreamSettings;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.port.out.InventoryPort;
import io.tambat.domain.port.out.PaymentsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Delivers OrderCreated after the commit: charge, then reserve, each with the key derived from the order
 * id, each recorded once done. A timeout may hide a charge the payment service applied; the retry sends the
 * same key, so the service answers it without charging again. Never two keys for one charge.
 */
@ApplicationScoped
public class OrderDeliveryWorker {

    private static final Logger LOG = Logger.getLogger(OrderDeliveryWorker.class.getName());

    @Inject
    OrderDeliveryLedger ledger;

    @Inject
    PaymentsPort payments;

    @Inject
    InventoryPort inventory;

    @Inject
    ProcessingSettings settings;

    @Inject
    DownstreamSettings downstream;

    @Inject
    Clock clock;

    /** @return how many notifications this turn handled */
    public int drain() {
        if (!downstream.configured()) {
            return 0;
        }
        int handled = 0;
        List<OrderDelivery> batch;
        while (!(batch = ledger.leaseBatch()).isEmpty()) {
            batch.forEach(this::deliver);
            handled += batch.size();
        }
        return handled;
    }

    private void deliver(OrderDelivery delivery) {
        try {
            if (!delivery.charged()) {
                payments.charge(delivery.orderId(), delivery.totalMinor(), delivery.currency(), delivery.chargeKey());
                ledger.charged(delivery);
            }
            if (!delivery.reserved()) {
                inventory.reserve(delivery.orderId(), delivery.items(), delivery.reserveKey());
                ledger.reserved(delivery);
            }
            ledger.delivered(delivery);
        } catch (DownstreamRefusedException e) {
            LOG.log(Level.WARNING, "order {0} delivery refused: {1}", new Object[] {delivery.orderId(), e.getMessage()});
            ledger.fail(delivery, "refused: " + e.getMessage());
        } catch (RuntimeException e) {
            String reason = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (!settings.retry().allowsAnotherAttempt(delivery.attemptCount())) {
                ledger.fail(delivery, reason + " (after " + delivery.attemptCount() + " attempts)");
                return;
            }
            Instant next = settings.retry().nextAttempt(delivery.attemptCount(), clock.instant(),
                    ThreadLocalRandom.current()::nextDouble);
            ledger.retryLater(delivery, next, reason);
        }
    }
}
