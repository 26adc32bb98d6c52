package io.tambat.application.order;

import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.order.LookUpOrdersUseCase;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.model.order.TenantOperation;
import io.tambat.domain.model.order.TenantOrder;
import io.tambat.domain.port.out.order.OrderOperationsPort;
import io.tambat.domain.port.out.order.OrderStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.Optional;
import java.util.UUID;

/** Operator look-ups of orders and long operations across tenants, each recorded with what it found. */
@ApplicationScoped
public class OrderLookups implements LookUpOrdersUseCase {

    @Inject
    OrderStorePort orders;

    @Inject
    OrderOperationsPort operations;

    @Inject
    AuditTrail audit;

    @Override
    @Transactional(rollbackOn = Exception.class)
    public Optional<TenantOrder> order(Operator operator, UUID orderId) {
        Optional<TenantOrder> found = orders.findInAnyTenant(orderId);
        audit.single(operator, OperatorAction.Kind.ORDER_LOOKUP, orderId.toString(), found.isPresent());
        return found;
    }

    @Override
    @Transactional(rollbackOn = Exception.class)
    public Optional<TenantOperation> operation(Operator operator, UUID operationId) {
        Optional<TenantOperation> found = operations.findInAnyTenant(operationId);
        audit.single(operator, OperatorAction.Kind.ORDER_OPERATION_LOOKUP, operationId.toString(), found.isPresent());
        return found;
    }
}
