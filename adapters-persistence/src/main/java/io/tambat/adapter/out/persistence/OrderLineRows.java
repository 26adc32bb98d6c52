package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.order.OrderLine;
import jakarta.persistence.EntityManager;
import java.util.List;

/** The lines of one order, in the order the client sent them. */
final class OrderLineRows {

    private static final String LINES = """
            SELECT sku, quantity, unit_price_minor FROM order_line WHERE order_id = CAST(?1 AS uuid) ORDER BY line_no""";

    private OrderLineRows() {
    }

    static List<OrderLine> of(EntityManager em, String orderId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(LINES).setParameter(1, orderId).getResultList();
        return rows.stream().map(line -> new OrderLine((String) line[0], NativeRows.integer(line[1]),
                NativeRows.number(line[2]))).toList();
    }
}
