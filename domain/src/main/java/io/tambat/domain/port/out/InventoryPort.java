package io.tambat.domain.port.out;

import io.tambat.domain.model.order.OrderLine;
import java.util.List;
import java.util.UUID;

/** The inventory service; like {@link PaymentsPort}, every call carries a stable idempotency key. */
public interface InventoryPort {

    /** Same failure contract as {@link PaymentsPort#charge}. */
    void reserve(UUID orderId, List<OrderLine> items, String idempotencyKey);
}
