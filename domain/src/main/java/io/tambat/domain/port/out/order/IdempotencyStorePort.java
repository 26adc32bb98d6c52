package io.tambat.domain.port.out.order;

import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Idempotency records keyed by (tenant, scope, key). Ownership is decided by the database's primary key
 * in one {@code INSERT ... ON CONFLICT} statement, never by a read before the write. Methods join the
 * caller's transaction.
 */
public interface IdempotencyStorePort {

    /**
     * Bounds, for the rest of the caller's transaction, how long each {@link #claim} in it waits for a record
     * another transaction is writing. Said once per transaction, however many claims it makes.
     */
    void boundClaimWaits(Duration wait);

    /**
     * Claims the key for the caller's transaction, unless a live record holds it; an expired record is
     * claimed over. While another transaction owns the key uncommitted, this waits for its outcome, at most
     * as long as {@link #boundClaimWaits} said. With an {@code operation}, the record is stored as that long operation, in progress and
     * due for a worker at once.
     *
     * @throws io.tambat.domain.error.IdempotencyInProgressException when the wait ran out (the caller's
     *         transaction must then roll back)
     * @throws io.tambat.domain.error.StoreUnavailableException when the database cannot answer
     */
    Claim claim(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, String fingerprint,
            Optional<PendingOperation> operation, Instant now, Instant expiresAt);

    /** Stores the outcome on the record this transaction claimed. */
    void complete(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, RecordedOutcome outcome);

    /**
     * Removes records expired before {@code now}, at most {@code batch}; returns how many. A long operation still
     * running is kept whatever its expiry, since its client may still poll it.
     */
    int purgeExpired(Instant now, int batch);

    /** Result of {@link #claim}. */
    sealed interface Claim {
        /** This transaction owns the key: do the work and complete it. */
        record Owned() implements Claim {
        }

        /**
         * A live record exists: its fingerprint, its outcome once one is stored, and its operation when it
         * was claimed as a long operation.
         */
        record Existing(String fingerprint, Optional<RecordedOutcome> outcome, Optional<UUID> operationId)
                implements Claim {
        }
    }
}
