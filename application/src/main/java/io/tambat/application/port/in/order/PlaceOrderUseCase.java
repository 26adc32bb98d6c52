package io.tambat.application.port.in.order;

import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OperationStatus;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code POST /orders} with an Idempotency-Key: one logical operation creates one order, retries get the
 * first answer again, a reused key with other parameters is refused. Throws only
 * {@link io.tambat.domain.error.StoreUnavailableException}: nothing stored and the key free, or, when the commit
 * outlasted the longest wait, perhaps stored after all, which a retry with the same key then answers.
 */
public interface PlaceOrderUseCase {

    /**
     * Returns after the commit. Synchronously, the recorded outcome; asked to respond asynchronously, the
     * long operation that will produce it. A key that already names a long operation answers with that
     * operation while it is in progress.
     */
    Placement place(TenantId tenant, IdempotencyKey key, OrderRequest request, boolean respondAsync);

    Optional<Order> find(TenantId tenant, UUID orderId);

    /** The tenant's long operation; another tenant's is not found. */
    Optional<OperationState> operation(TenantId tenant, UUID operationId);

    /** How a request with a key ended. */
    sealed interface Placement {

        /**
         * A final outcome, created or rejected: this request's own, or, when {@code replayed}, the one an
         * earlier request with the key and the same parameters got.
         */
        record Answered(RecordedOutcome outcome, boolean replayed) implements Placement {
        }

        /** A long operation, in progress or done, to be followed at its status resource. */
        record Accepted(UUID operationId, OperationStatus status, boolean replayed) implements Placement {
        }

        /** The key was used before with other parameters; nothing was changed. */
        record KeyReused() implements Placement {
        }

        /** Another request with the key is still being worked on after the bounded wait: retry later. */
        record StillInProgress() implements Placement {
        }
    }
}
