package io.tambat.domain.model.order;

import io.tambat.domain.model.processing.Lease;
import java.util.Objects;
import java.util.UUID;

/**
 * A long operation (an order request answered 202) leased by a worker; only a completion naming the record's
 * current lease may store a result.
 */
public record OrderOperation(UUID id, TenantId tenant, IdempotencyKey key, OrderRequest request, Lease lease) {

    public OrderOperation {
        Objects.requireNonNull(id);
        Objects.requireNonNull(tenant);
        Objects.requireNonNull(key);
        Objects.requireNonNull(request);
        Objects.requireNonNull(lease);
    }
}
