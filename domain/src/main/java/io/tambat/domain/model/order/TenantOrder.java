package io.tambat.domain.model.order;

import java.util.Objects;

/** An order with the tenant that placed it, as only an operator sees it (a tenant never sees the tenant id). */
public record TenantOrder(TenantId tenant, Order order) {

    public TenantOrder {
        Objects.requireNonNull(tenant);
        Objects.requireNonNull(order);
    }
}
