package io.tambat.domain.model.order;

/**
 * The operation an Idempotency-Key belongs to: a tenant's key is unique per scope, so the same key sent to
 * two different operations names two different requests.
 */
public enum IdempotencyScope {
    /** Placing an order, synchronously or as a long operation. */
    ORDER_PLACEMENT
}
