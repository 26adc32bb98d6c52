package io.tambat.domain.model.order;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * A long operation as an operator sees it: whose it is, when it was requested and where it stands. Never its
 * Idempotency-Key or the request's fingerprint, which belong to the client.
 */
public record TenantOperation(UUID operationId, TenantId tenant, Instant createdAt, OperationState state) {

    public TenantOperation {
        Objects.requireNonNull(operationId);
        Objects.requireNonNull(tenant);
        Objects.requireNonNull(createdAt);
        Objects.requireNonNull(state);
    }
}
