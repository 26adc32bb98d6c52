package io.tambat.domain.model.order;

import io.tambat.domain.model.processing.Lease;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One leased OrderCreated notification on its way to payments and inventory, with the steps already done
 * and what the steps need.
 */
public record OrderDelivery(long outboxId, UUID orderId, Lease lease, boolean charged, boolean reserved,
        long totalMinor, String currency, List<OrderLine> items) {

    public OrderDelivery {
        Objects.requireNonNull(orderId);
        Objects.requireNonNull(lease);
        Objects.requireNonNull(currency);
        items = List.copyOf(items);
    }

    /** The one key every charge request for this order carries, on every retry. */
    public String chargeKey() {
        return "order-" + orderId + "-charge";
    }

    /** The one key every reservation request for this order carries, on every retry. */
    public String reserveKey() {
        return "order-" + orderId + "-reserve";
    }
}
