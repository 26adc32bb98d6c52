package io.tambat.domain.port.out.order;

import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOperation;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Long operations, which live on their idempotency records, leased like every work queue (see
 * {@link io.tambat.domain.model.processing.Lease}); fencing and completion succeed only for the attempt that
 * holds the lease. Methods join the caller's transaction.
 */
public interface OrderOperationsPort {

    /**
     * Leases in-progress operations of {@code scope} whose lease is free or expired (a takeover), at most
     * {@code max}, until {@code leaseUntil}; each lease counts one more attempt.
     */
    List<OrderOperation> leaseDue(IdempotencyScope scope, int max, Instant now, Instant leaseUntil);

    /**
     * Locks the operation's record for the caller's transaction if {@code attempt} still holds the lease and
     * no result is stored; false otherwise (the lease was taken over, or the work is done).
     */
    boolean fence(UUID operationId, int attempt);

    /**
     * Stores the final outcome, ending the lease, only while {@code attempt} holds it; false if it does not.
     * The record then answers until {@code keepUntil} at least, so a client polling the operation finds its
     * answer for the whole retention, however long the operation ran.
     */
    boolean complete(UUID operationId, int attempt, RecordedOutcome outcome, Instant keepUntil);

    /** The tenant's operation, if it exists (another tenant's operation does not, for this tenant). */
    Optional<OperationState> find(TenantId tenant, UUID operationId);

    /**
     * The operation whichever tenant started it, with that tenant and when it was requested: for operators,
     * never for a tenant's own calls. Like {@link #find}, it is found until its record is purged; the
     * Idempotency-Key and the fingerprint stay in the store. The state read may be overtaken at once by a
     * worker completing the operation.
     */
    Optional<TenantOperation> findInAnyTenant(UUID operationId);
}
