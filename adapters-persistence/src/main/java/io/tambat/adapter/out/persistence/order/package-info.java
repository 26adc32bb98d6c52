/**
 * Orders and idempotency: idempotency records and the long operations on them, orders and their lines, and the
 * order outbox.
 */
package io.tambat.adapter.out.persistence.order;
