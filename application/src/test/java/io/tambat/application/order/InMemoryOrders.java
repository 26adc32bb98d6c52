package io.tambat.application.order;

import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOrder;
import io.tambat.domain.port.out.order.OrderStorePort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Orders in memory, with the one-order-per-checkout rule the store's unique constraint keeps. */
final class InMemoryOrders implements OrderStorePort {

    /** One OrderCreated notification appended to the outbox. */
    record Appended(UUID orderId, Instant at) {
    }

    final Map<UUID, Order> orders = new HashMap<>();
    final List<Appended> outbox = new ArrayList<>();
    private final Map<UUID, TenantId> owners = new HashMap<>();

    @Override
    public boolean insert(TenantId tenant, Order order) {
        boolean checkoutTaken = order.checkoutId().isPresent() && orders.values().stream()
                .anyMatch(other -> tenant.equals(owners.get(other.id())) && other.checkoutId().equals(order.checkoutId()));
        if (checkoutTaken) {
            return false;
        }
        orders.put(order.id(), order);
        owners.put(order.id(), tenant);
        return true;
    }

    @Override
    public void appendCreated(UUID orderId, Instant now) {
        outbox.add(new Appended(orderId, now));
    }

    @Override
    public Optional<Order> find(TenantId tenant, UUID orderId) {
        return Optional.ofNullable(orders.get(orderId)).filter(order -> tenant.equals(owners.get(orderId)));
    }

    @Override
    public Optional<TenantOrder> findInAnyTenant(UUID orderId) {
        return Optional.ofNullable(orders.get(orderId)).map(order -> new TenantOrder(owners.get(orderId), order));
    }
}
