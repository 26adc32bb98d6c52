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
 * Reads the result rows of {@code orders} and {@code order_line}. Each shape's select list stands next to the
 * method that reads it, so the two cannot drift apart.
 */
final class OrderRows {

    /** An order as stored, without its lines (they are rows of their own). */
    static final String ORDER = "checkout_id, status, currency, coupon, total_minor, created_at";

    /** One line of an order. */
    static final String LINE = "sku, quantity, unit_price_minor";

    private OrderRows() {
    }

    static StoredOrder order(Object[] row) {
        return new StoredOrder(ColumnValues.optionalText(row[0]), (String) row[1], (String) row[2],
                ColumnValues.optionalText(row[3]), ColumnValues.number(row[4]), ColumnValues.instant(row[5]));
    }

    /** {@code tenant_id} followed by the {@link #ORDER} columns. */
    static StoredTenantOrder tenantOrder(Object[] row) {
        return new StoredTenantOrder(new TenantId((String) row[0]),
                order(Arrays.copyOfRange(row, 1, row.length)));
    }

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
