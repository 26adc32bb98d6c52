package io.tambat.application.order;

import io.tambat.application.transaction.GroupCommitSettings;
import io.tambat.domain.model.order.Coupon;
import java.time.Duration;
import java.util.Map;

/**
 * Tunables of order creation.
 *
 * @param retention   how long an idempotency record answers for its key; after it the key is a new operation
 * @param claimWait   how long a request waits for a concurrent one with the same key (keep it below client
 *                    timeouts)
 * @param coupons     the coupon catalogue by code
 * @param groupCommit how placements that arrive together share a transaction; an order weighs one
 */
public record OrderSettings(Duration retention, Duration claimWait, Map<String, Coupon> coupons,
        GroupCommitSettings groupCommit) {

    public OrderSettings {
        coupons = Map.copyOf(coupons);
    }
}
