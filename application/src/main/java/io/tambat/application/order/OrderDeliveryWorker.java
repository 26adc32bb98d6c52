package io.tambat.application.order;

import io.tambat.application.work.Failpoints;
import io.tambat.application.work.LeasedWork;
import io.tambat.application.work.WorkSettings;
import io.tambat.domain.error.DownstreamRefusedException;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.port.out.order.InventoryPort;
import io.tambat.domain.port.out.order.PaymentsPort;
import io.tambat.domain.port.out.work.TracingPort;
import io.tambat.domain.port.out.work.WorkMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Delivers OrderCreated after the commit: charge, then reserve, each with the key derived from the order
 * id, each recorded once done. A timeout may hide a charge the payment service applied; the retry sends the
 * same key, so the service answers it without charging again. Never two keys for one charge.
 */
@ApplicationScoped
public class OrderDeliveryWorker implements LeasedWork<OrderDelivery> {

    private static final Logger LOG = Logger.getLogger(OrderDeliveryWorker.class.getName());

    @Inject
    OrderDeliveryLedger ledger;

    @Inject
    PaymentsPort payments;

    @Inject
    InventoryPort inventory;

    @Inject
    WorkSettings settings;

    @Inject
    WorkMetricsPort metrics;

    @Inject
    TracingPort tracing;

    @Inject
    Clock clock;

    /** Uniform in [0, 1): spreads retries out; a unit test fixes it to know the next attempt time. */
    DoubleSupplier jitter = () -> ThreadLocalRandom.current().nextDouble();

    @Override
    public String name() {
        return "order delivery";
    }

    /** Nothing is leased while no downstream service is configured: the notifications wait for one. */
    @Override
    public List<OrderDelivery> leaseBatch(int size) {
        return payments.configured() && inventory.configured() ? ledger.leaseBatch(size) : List.of();
    }

    @Override
    public Lease lease(OrderDelivery delivery) {
        return delivery.lease();
    }

    @Override
    public void attempt(OrderDelivery delivery) {
        try (TracingPort.TracedWork span = tracing.delivery(delivery)) {
            deliver(delivery);
        } catch (LeaseLostException e) {
            LOG.log(Level.WARNING, "{0}; the consumer holding it now goes on", e.getMessage());
        }
    }

    @Override
    public void endLost(OrderDelivery delivery) {
        LOG.log(Level.WARNING, "order {0} delivery FAILED: its last allowed attempt was lost with its worker",
                delivery.orderId());
        try {
            ledger.fail(delivery, "worker_lost: attempt " + (delivery.lease().attempt() - 1)
                    + " ended without an outcome (its worker stopped or hung), and it was the last allowed");
            metrics.lost("order_outbox");
        } catch (LeaseLostException e) {
            LOG.log(Level.WARNING, "{0}; the consumer holding it now goes on", e.getMessage());
        }
    }

    @Override
    public String afterLeaseFailpoint() {
        return Failpoints.DELIVERY_AFTER_LEASE;
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
        } catch (LeaseLostException e) {
            throw e;
        } catch (DownstreamRefusedException e) {
            LOG.log(Level.WARNING, "order {0} delivery refused: {1}", new Object[] {delivery.orderId(), e.getMessage()});
            ledger.fail(delivery, "refused: " + e.getMessage());
        } catch (RuntimeException e) {
            String reason = e.getClass().getSimpleName() + ": " + e.getMessage();
            int attempt = delivery.lease().attempt();
            if (!settings.retry().allowsAnotherAttempt(attempt)) {
                ledger.fail(delivery, reason + " (after " + attempt + " attempts)");
                return;
            }
            Instant next = settings.retry().nextAttempt(attempt, clock.instant(), jitter);
            ledger.retryLater(delivery, next, reason);
        }
    }
}
