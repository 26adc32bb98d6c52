package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.domain.model.order.FailedOrderDelivery;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.port.out.order.OrderBacklogPort;
import java.util.List;
import java.util.UUID;

/**
 * Reads the result rows of {@code order_outbox}, the delivery state of OrderCreated notifications. Each shape's
 * select list stands next to the method that reads it, so the two cannot drift apart.
 */
final class OrderOutboxRows {

    /**
     * A leased notification with what its delivery needs of the order: over the lease statement's rows
     * {@code l} joined to their order {@code o}.
     */
    static final String LEASED = """
            l.outbox_id, CAST(l.order_id AS text), l.attempt_count, l.taken_over, l.charged_at IS NOT NULL,
                l.reserved_at IS NOT NULL, o.total_minor, o.currency""";

    /** A notification that ended FAILED. */
    static final String FAILED = """
            outbox_id, CAST(order_id AS text), attempt_count, charged_at IS NOT NULL, reserved_at IS NOT NULL,
                last_error, created_at, failed_at""";

    /**
     * The order backlog, in whole seconds and counts ({@code ?1} now): the age of the oldest long operation in
     * progress (an {@code idempotency_requests} row), the age of the oldest pending notification, how many are
     * pending and how many FAILED. Ages are 0 when nothing is waiting.
     */
    static final String BACKLOG = """
            (SELECT COALESCE(CAST(EXTRACT(EPOCH FROM (?1 - min(created_at))) AS bigint), 0)
             FROM idempotency_requests WHERE operation_id IS NOT NULL AND outcome IS NULL),
            (SELECT COALESCE(CAST(EXTRACT(EPOCH FROM (?1 - min(created_at))) AS bigint), 0)
             FROM order_outbox WHERE published_at IS NULL AND failed_at IS NULL),
            (SELECT count(*) FROM order_outbox WHERE published_at IS NULL AND failed_at IS NULL),
            (SELECT count(*) FROM order_outbox WHERE failed_at IS NOT NULL)""";

    private OrderOutboxRows() {
    }

    static LeasedDelivery leased(Object[] row) {
        return new LeasedDelivery(ColumnValues.number(row[0]), ColumnValues.uuid(row[1]),
                ColumnValues.lease(row[2], row[3]), (Boolean) row[4], (Boolean) row[5], ColumnValues.number(row[6]),
                (String) row[7]);
    }

    static FailedOrderDelivery failed(Object[] row) {
        return new FailedOrderDelivery(ColumnValues.number(row[0]), ColumnValues.uuid(row[1]),
                ColumnValues.integer(row[2]), (Boolean) row[3], (Boolean) row[4], (String) row[5],
                ColumnValues.instant(row[6]), ColumnValues.instant(row[7]));
    }

    /** An age is never negative, even when this clock is behind the one that wrote the row. */
    static OrderBacklogPort.Backlog backlog(Object[] row) {
        return new OrderBacklogPort.Backlog(Math.max(0, ColumnValues.number(row[0])),
                Math.max(0, ColumnValues.number(row[1])), ColumnValues.number(row[2]), ColumnValues.number(row[3]));
    }

    /** A leased notification, which becomes a delivery with its order's lines. */
    record LeasedDelivery(long outboxId, UUID orderId, Lease lease, boolean charged, boolean reserved,
            long totalMinor, String currency) {

        OrderDelivery withLines(List<OrderLine> lines) {
            return new OrderDelivery(outboxId, orderId, lease, charged, reserved, totalMinor, currency, lines);
        }
    }
}
