package io.tambat.domain.port.out.order;

import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOrder;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** Orders per tenant. Methods join the caller's transaction. */
public interface OrderStorePort {

    /**
     * Stores the order unless its tenant already has an order for the same checkout id, decided by the
     * permanent unique constraint in the statement itself.
     *
     * @return false when the checkout id is taken (nothing stored)
     * @throws io.tambat.domain.error.IdempotencyInProgressException when another request is still storing an
     *         order for the same checkout id past the transaction's bounded wait, as for a key
     */
    boolean insert(TenantId tenant, Order order);

    /** Appends the order's {@code OrderCreated} notification to the order outbox. */
    void appendCreated(UUID orderId, Instant now);

    /** The tenant's own order; another tenant's is not found. */
    Optional<Order> find(TenantId tenant, UUID orderId);

    /**
     * The order whichever tenant placed it, with that tenant: for operators, never for a tenant's own calls.
     * Reads committed rows only; an order whose transaction has not committed is not found.
     */
    Optional<TenantOrder> findInAnyTenant(UUID orderId);
}
