package io.tambat.domain.model.order;

/**
 * What a final order outcome was: the order created, or the deterministic reason it was not. Final means
 * the same request would meet the same end again, so the answer is kept on the idempotency record and
 * replayed; an outage is never an outcome (nothing is stored, and the key stays free).
 */
public enum OrderResult {
    CREATED,
    /** The coupon is unknown or expired. */
    COUPON_INVALID,
    /** The checkout already has an order, under another Idempotency-Key. */
    CHECKOUT_ALREADY_ORDERED,
    /** A long operation that will not be carried out (a defect, or its last attempt was lost). */
    OPERATION_FAILED
}
