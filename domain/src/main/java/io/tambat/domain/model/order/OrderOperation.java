package io.tambat.domain.model.order;

import java.util.Objects;
import java.util.UUID;

/**
 * A long operation (an order request answered 202) leased by a worker. The attempt token is the one this
 * lease received; only a completion carrying the record's current token may store a result.
 */
public record OrderOperation(UUID id, TenantId tenant, IdempotencyKey key, OrderRequest request, long attemptToken) {

    public OrderOperation {
        Objects.requireNonNull(id);
        Objects.requireNonNull(tenant);
        Objects.requireNonNull(key);
        Objects.requireNonNull(request);
    }
}
