package io.tambat.application.service;

import io.tambat.application.port.in.PlaceOrderUseCase;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.port.out.OrderOperationsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * Leases due long operations in a short transaction of its own: the raised attempt tokens are committed,
 * and so visible to every other worker, before any order is created.
 */
@ApplicationScoped
public class OrderOperationLeasing {

    @Inject
    OrderOperationsPort operations;

    @Inject
    ProcessingSettings settings;

    @Inject
    Clock clock;

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<OrderOperation> leaseBatch() {
        Instant now = clock.instant();
        return operations.leaseDue(PlaceOrderUseCase.ENDPOINT, settings.batchSize(), now, now.plus(settings.lease()));
    }
}
