package io.tambat.domain.port.out;

import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.StoredOutcome;
import io.tambat.domain.model.order.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Long operations, which live on their idempotency records. A lease raises the record's attempt token by
 * compare-and-swap; fencing and completion succeed only for the current token. Methods join the caller's
 * transaction.
 */
public interface OrderOperationsPort {

    /**
     * Leases in-progress operations of {@code endpoint} whose lease is free or expired (a takeover), at most
     * {@code max}, until {@code leaseUntil}; each lease raises the attempt token by one.
     */
    List<OrderOperation> leaseDue(String endpoint, int max, Instant now, Instant leaseUntil);

    /**
     * Locks the operation's record for the caller's transaction if {@code attemptToken} is still current and
     * no result is stored; false otherwise (the lease was taken over, or the work is done).
     */
    boolean fence(UUID operationId, long attemptToken);

    /** Stores the final outcome, ending the lease, only under the current token; false if it is not. */
    boolean complete(UUID operationId, long attemptToken, StoredOutcome outcome);

    /** The tenant's operation, if it exists (another tenant's operation does not, for this tenant). */
    Optional<OperationState> find(TenantId tenant, UUID operationId);
}
