package io.tambat.application.order;

import io.tambat.application.work.Failpoints;
import io.tambat.application.work.LeasedWork;
import io.tambat.application.work.WorkSettings;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.port.out.order.OrderMetricsPort;
import io.tambat.domain.port.out.order.OrderOperationsPort;
import io.tambat.domain.port.out.work.WorkMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Long operations as a work queue: creates each leased operation's order and completes its record. An attempt
 * that met an unavailable store is left to its lease, and any worker takes it over once the lease expires; a
 * defect, or a last allowed attempt lost with its worker, ends the operation with a stored 500
 * {@code operation_failed} that its status resource and a replay of its key both answer.
 */
@ApplicationScoped
public class OrderOperationWorker implements LeasedWork<OrderOperation> {

    private static final Logger LOG = Logger.getLogger(OrderOperationWorker.class.getName());

    @Inject
    OrderOperationsPort operations;

    @Inject
    OrderPlacement placement;

    @Inject
    WorkSettings settings;

    @Inject
    OrderMetricsPort metrics;

    @Inject
    WorkMetricsPort workMetrics;

    @Inject
    Clock clock;

    @Override
    public String name() {
        return "order operations";
    }

    @Override
    public boolean scalesWithWorkers() {
        return true;
    }

    @Override
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<OrderOperation> leaseBatch(int size) {
        Instant now = clock.instant();
        return operations.leaseDue(IdempotencyScope.ORDER_PLACEMENT, size, now,
                now.plus(settings.lease()));
    }

    @Override
    public Lease lease(OrderOperation operation) {
        return operation.lease();
    }

    @Override
    public void attempt(OrderOperation operation) {
        try {
            placement.complete(operation, clock.instant());
            metrics.operationAttempt("completed");
        } catch (LeaseLostException e) {
            LOG.log(Level.WARNING, "{0}; its work was rolled back", e.getMessage());
            metrics.operationAttempt("superseded");
        } catch (StoreUnavailableException e) {
            LOG.log(Level.WARNING, "operation {0} attempt {1} met an unavailable store; it runs again when the "
                    + "lease expires", new Object[] {operation.id(), operation.lease().attempt()});
            metrics.operationAttempt("retried");
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "operation {0} attempt {1} failed ({2}); it ends operation_failed",
                    new Object[] {operation.id(), operation.lease().attempt(), e.getClass().getName()});
            end(operation, "the operation failed; it was not carried out");
        }
    }

    @Override
    public void endLost(OrderOperation operation) {
        LOG.log(Level.WARNING, "operation {0}: its last allowed attempt was lost with its worker; it ends "
                + "operation_failed", operation.id());
        end(operation, "the operation's last allowed attempt was lost; it was not carried out");
        workMetrics.lost("operations");
    }

    @Override
    public String afterLeaseFailpoint() {
        return Failpoints.OPERATION_AFTER_LEASE;
    }

    private void end(OrderOperation operation, String detail) {
        try {
            placement.fail(operation, detail, clock.instant());
            metrics.operationAttempt("failed");
        } catch (LeaseLostException e) {
            LOG.log(Level.WARNING, "{0}; the worker holding it now decides", e.getMessage());
            metrics.operationAttempt("superseded");
        }
    }
}
