package io.tambat.application.port.in;

import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.StoredOutcome;
import io.tambat.domain.model.order.TenantId;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code POST /orders} with an Idempotency-Key: one logical operation creates one order, retries get the
 * first answer again, a reused key with other parameters is refused. Throws
 * {@link io.tambat.domain.error.IdempotencyKeyReusedException},
 * {@link io.tambat.domain.error.IdempotencyInProgressException} or
 * {@link io.tambat.domain.error.StoreUnavailableException} (nothing stored; the key stays free).
 */
public interface PlaceOrderUseCase {

    /** The endpoint part of every idempotency record of this use case. */
    String ENDPOINT = "POST /orders";

    /** Returns after the commit: the stored outcome, and whether it is a replay of an earlier request. */
    Placed place(TenantId tenant, IdempotencyKey key, OrderRequest request);

    Optional<Order> find(TenantId tenant, UUID orderId);

    /** The answer to give, and whether it was replayed. */
    record Placed(StoredOutcome outcome, boolean replayed) {
    }
}
