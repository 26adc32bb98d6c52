package io.tambat.application.port.in;

import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OperationState;
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

    /**
     * Returns after the commit. Synchronously, the stored outcome; asked to respond asynchronously, the
     * long operation that will produce it. A key that already names a long operation answers with that
     * operation while it is in progress.
     */
    Placed place(TenantId tenant, IdempotencyKey key, OrderRequest request, boolean respondAsync);

    Optional<Order> find(TenantId tenant, UUID orderId);

    /** The tenant's long operation; another tenant's is not found. */
    Optional<OperationState> operation(TenantId tenant, UUID operationId);

    /** What to answer, and whether it repeats what an earlier request with the key got. */
    sealed interface Placed {

        boolean replayed();

        /** The final status and body. */
        record Answered(StoredOutcome outcome, boolean replayed) implements Placed {
        }

        /** A long operation, in progress or done, to be followed at its status resource. */
        record Accepted(UUID operationId, boolean done, boolean replayed) implements Placed {
        }
    }
}
