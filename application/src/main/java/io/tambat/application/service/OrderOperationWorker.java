package io.tambat.application.service;

import io.tambat.domain.error.OperationSupersededException;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.port.out.ProcessingMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs long operations: leases due ones, then creates each order and completes its record. A failed attempt
 * is left to its lease: once the lease expires, any worker takes the operation over under a larger token.
 */
@ApplicationScoped
public class OrderOperationWorker {

    private static final Logger LOG = Logger.getLogger(OrderOperationWorker.class.getName());

    @Inject
    OrderOperationLeasing leasing;

    @Inject
    OrderPlacement placement;

    @Inject
    Failpoints failpoints;

    @Inject
    ProcessingMetricsPort metrics;

    @Inject
    Clock clock;

    /** @return how many operations this turn attempted */
    public int drain() {
        int attempted = 0;
        List<OrderOperation> batch;
        while (!(batch = leasing.leaseBatch()).isEmpty()) {
            failpoints.reach(Failpoints.OPERATION_AFTER_LEASE);
            batch.forEach(this::run);
            attempted += batch.size();
        }
        return attempted;
    }

    private void run(OrderOperation operation) {
        try {
            placement.complete(operation, clock.instant());
            metrics.operationAttempt("completed");
        } catch (OperationSupersededException e) {
            LOG.log(Level.WARNING, "{0}; its work was rolled back", e.getMessage());
            metrics.operationAttempt("superseded");
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "operation {0} attempt {1} failed ({2}); it runs again when the lease expires",
                    new Object[] {operation.id(), operation.attemptToken(), e.getClass().getName()});
            metrics.operationAttempt("retried");
        }
    }
}
