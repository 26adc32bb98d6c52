/**
 * What placing an order needs: idempotency records and their long operations, the orders, their outbox and its
 * backlog, the payments and inventory services, the rendering of a recorded answer, and the metrics.
 */
package io.tambat.domain.port.out.order;
