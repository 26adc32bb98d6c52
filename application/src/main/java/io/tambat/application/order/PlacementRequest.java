package io.tambat.application.order;

import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.TenantId;

/** One order request to place under a tenant's key, with its fingerprint and whether to answer at once. */
record PlacementRequest(TenantId tenant, IdempotencyKey key, OrderRequest request, String fingerprint,
        boolean respondAsync) {
}
