package io.tambat.application.order;

import io.tambat.application.port.in.OperateOrderDeliveriesUseCase;
import io.tambat.domain.model.order.FailedOrderDelivery;
import io.tambat.domain.port.out.OrderDeliveryPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;

/** Operator reads and redrive of FAILED order deliveries. */
@ApplicationScoped
public class OrderDeliveryOperations implements OperateOrderDeliveriesUseCase {

    @Inject
    OrderDeliveryPort deliveries;

    @Inject
    Clock clock;

    @Override
    @Transactional
    public List<FailedOrderDelivery> failed(int limit) {
        return deliveries.failed(limit);
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public boolean redrive(long outboxId) {
        return deliveries.redrive(outboxId, clock.instant());
    }
}
