package io.tambat.adapter.out.persistence.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOrder;
import io.tambat.domain.port.out.order.OrderStorePort;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What {@link OrderStorePort} promises, for any store: a checkout id orders once per tenant; an order is found
 * by its own tenant with its lines in their order, by no other tenant, and by an operator in any tenant, with
 * the tenant it belongs to.
 */
abstract class OrderStorePortContract extends SessionContract<OrderStorePort> {

    private static final TenantId TENANT = new TenantId("tenant-a");
    private static final TenantId OTHER_TENANT = new TenantId("tenant-b");
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    @Test
    void anOrderIsFoundByItsTenantWithItsLines() {
        Order order = order(Optional.of("checkout-1"));
        assertThat(insert(TENANT, order)).isTrue();

        assertThat(find(TENANT, order.id())).contains(order);
        assertThat(find(OTHER_TENANT, order.id())).isEmpty();
    }

    @Test
    void aCheckoutOrdersOncePerTenant() {
        assertThat(insert(TENANT, order(Optional.of("checkout-1")))).isTrue();

        assertThat(insert(TENANT, order(Optional.of("checkout-1")))).isFalse();
        assertThat(insert(OTHER_TENANT, order(Optional.of("checkout-1")))).isTrue();
        assertThat(insert(TENANT, order(Optional.empty()))).isTrue();
        assertThat(insert(TENANT, order(Optional.empty()))).isTrue();
    }

    @Test
    void anOrderIsFoundInAnyTenantWithTheTenantItBelongsTo() {
        Order order = order(Optional.empty());
        insert(OTHER_TENANT, order);
        insert(TENANT, order(Optional.empty()));

        assertThat(findInAnyTenant(order.id()))
                .contains(new TenantOrder(OTHER_TENANT, order));
        assertThat(findInAnyTenant(UUID.randomUUID())).isEmpty();
    }

    private boolean insert(TenantId tenant, Order order) {
        return session.call(orders -> orders.insert(tenant, order));
    }

    private Optional<Order> find(TenantId tenant, UUID orderId) {
        return session.call(orders -> orders.find(tenant, orderId));
    }

    private Optional<TenantOrder> findInAnyTenant(UUID orderId) {
        return session.call(orders -> orders.findInAnyTenant(orderId));
    }

    private static Order order(Optional<String> checkoutId) {
        return new Order(UUID.randomUUID(), checkoutId, Order.CREATED, "EUR",
                List.of(new OrderLine("sku-2", 1, 900), new OrderLine("sku-1", 2, 1_250)), Optional.of("SPRING"),
                3_400, NOW);
    }
}
