/**
 * Use cases: placing orders with an idempotency key, and operators' look-ups and redrives of orders and their
 * notifications.
 */
package io.tambat.application.port.in.order;
