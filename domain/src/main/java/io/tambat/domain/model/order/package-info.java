/**
 * Idempotent order creation: the validated request and its fingerprint, tenants and idempotency keys,
 * coupons, orders, and the outcome an idempotency record stores for replay.
 */
package io.tambat.domain.model.order;
