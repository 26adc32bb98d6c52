/**
 * Idempotent orders: placement under a tenant's Idempotency-Key, long operations, and the delivery of
 * OrderCreated to payments and inventory with derived keys. Transactions are declared here; no remote call
 * happens inside one.
 */
package io.tambat.application.order;
