package io.tambat.domain.port.out.order;

import io.tambat.domain.model.order.OrderLine;
import java.util.List;
import java.util.UUID;

/** The inventory service; like {@link PaymentsPort}, every call carries a stable idempotency key. */
public interface InventoryPort {

    /** Whether the service is configured; until it is, nothing may be reserved and the work waits. */
    boolean configured();

    /** Same failure contract as {@link PaymentsPort#charge}. */
    void reserve(UUID orderId, List<OrderLine> items, String idempotencyKey);
}
