package io.tambat.application.order;

import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.order.OperateOrderDeliveriesUseCase;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.model.order.FailedOrderDelivery;
import io.tambat.domain.port.out.order.OrderDeliveryPort;
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
    AuditTrail audit;

    @Inject
    Clock clock;

    @Override
    @Transactional
    public List<FailedOrderDelivery> failed(int limit) {
        return deliveries.failed(limit);
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public boolean redrive(Operator operator, long outboxId) {
        boolean redriven = deliveries.redrive(outboxId, clock.instant());
        audit.single(operator, OperatorAction.Kind.ORDER_DELIVERY_REDRIVE, String.valueOf(outboxId), redriven);
        return redriven;
    }
}
