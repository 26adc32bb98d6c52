package io.tambat.application.order;

import io.tambat.application.port.in.LookUpOrdersUseCase;
import io.tambat.domain.model.order.TenantOperation;
import io.tambat.domain.model.order.TenantOrder;
import io.tambat.domain.port.out.OrderOperationsPort;
import io.tambat.domain.port.out.OrderStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.Optional;
import java.util.UUID;

/** Operator look-ups of orders and long operations across tenants. */
@ApplicationScoped
public class OrderLookups implements LookUpOrdersUseCase {

    @Inject
    OrderStorePort orders;

    @Inject
    OrderOperationsPort operations;

    @Override
    @Transactional
    public Optional<TenantOrder> order(UUID orderId) {
        return orders.findInAnyTenant(orderId);
    }

    @Override
    @Transactional
    public Optional<TenantOperation> operation(UUID operationId) {
        return operations.findInAnyTenant(operationId);
    }
}
