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
 * Reads the result rows of {@code order_outbox}, the delivery state of OrderCreated notifications: each reader
 * takes the columns in the order the statement named in its Javadoc selects them.
 */
final class OrderOutboxRows {

    private OrderOutboxRows() {
    }

    /** A row of {@code PostgresOrderDeliveryAdapter}'s {@code LEASE}. */
    static LeasedDelivery leased(Object[] row) {
        return new LeasedDelivery(ColumnValues.number(row[0]), ColumnValues.uuid(row[1]),
                ColumnValues.lease(row[2], row[3]), (Boolean) row[4], (Boolean) row[5], ColumnValues.number(row[6]),
                (String) row[7]);
    }

    /** A row of {@code PostgresOrderDeliveryAdapter}'s {@code FAILED}. */
    static FailedOrderDelivery failed(Object[] row) {
        return new FailedOrderDelivery(ColumnValues.number(row[0]), ColumnValues.uuid(row[1]),
                ColumnValues.integer(row[2]), (Boolean) row[3], (Boolean) row[4], (String) row[5],
                ColumnValues.instant(row[6]), ColumnValues.instant(row[7]));
    }

    /**
     * A row of {@code PostgresOrderBacklogAdapter}'s {@code BACKLOG}. An age is never negative, even when this
     * clock is behind the one that wrote the row.
     */
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
