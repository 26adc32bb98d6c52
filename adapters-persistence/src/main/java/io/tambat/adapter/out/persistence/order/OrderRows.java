package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.jdbc.ColumnValues;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.TenantId;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Reads the result rows of {@code orders} and {@code order_line}: each reader takes the columns in the order
 * the statement named in its Javadoc selects them.
 */
final class OrderRows {

    private OrderRows() {
    }

    /** A row of {@code PostgresOrderStoreAdapter}'s {@code FIND}. */
    static StoredOrder order(Object[] row) {
        return new StoredOrder(ColumnValues.optionalText(row[0]), (String) row[1], (String) row[2],
                ColumnValues.optionalText(row[3]), ColumnValues.number(row[4]), ColumnValues.instant(row[5]));
    }

    /** A row of {@code PostgresOrderStoreAdapter}'s {@code FIND_IN_ANY_TENANT}: the tenant, then an order. */
    static StoredTenantOrder tenantOrder(Object[] row) {
        return new StoredTenantOrder(new TenantId((String) row[0]),
                order(Arrays.copyOfRange(row, 1, row.length)));
    }

    /** A row of {@code OrderLines}' {@code LINES}. */
    static OrderLine line(Object[] row) {
        return new OrderLine((String) row[0], ColumnValues.integer(row[1]), ColumnValues.number(row[2]));
    }

    /** An order row, which becomes the domain's order with its lines. */
    record StoredOrder(Optional<String> checkoutId, String status, String currency, Optional<String> coupon,
            long totalMinor, Instant createdAt) {

        Order withLines(UUID orderId, List<OrderLine> lines) {
            return new Order(orderId, checkoutId, status, currency, lines, coupon, totalMinor, createdAt);
        }
    }

    /** An order row with the tenant it belongs to. */
    record StoredTenantOrder(TenantId tenant, StoredOrder order) {
    }
}
