package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.json.JsonProviders;
import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.domain.model.order.OrderLine;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.UUID;

/** The lines of one order, stored and read in the order the client sent them. */
final class OrderLines {

    /** All lines in one statement, from one JSON array: a round trip per line made large orders slow. */
    private static final String INSERT = """
            INSERT INTO order_line (order_id, line_no, sku, quantity, unit_price_minor)
            SELECT CAST(? AS uuid), CAST(e.ordinality - 1 AS integer), l.sku, l.quantity, l.unit_price_minor
            FROM jsonb_array_elements(CAST(? AS jsonb)) WITH ORDINALITY AS e(line, ordinality),
                 jsonb_to_record(e.line) AS l(sku text, quantity integer, unit_price_minor bigint)""";

    private static final String LINES = """
            SELECT sku, quantity, unit_price_minor
            FROM order_line WHERE order_id = CAST(?1 AS uuid) ORDER BY line_no""";

    private OrderLines() {
    }

    static void insert(EntityManager em, UUID orderId, List<OrderLine> lines) {
        EnlistedConnection.update(em, INSERT, (connection, statement) -> {
            statement.setString(1, orderId.toString());
            statement.setString(2, json(lines).toString());
        });
    }

    /** Lines as a JSON array of {@code sku}, {@code quantity} and {@code unit_price_minor}, in order. */
    static JsonArray json(List<OrderLine> lines) {
        JsonArrayBuilder array = JsonProviders.PROVIDER.createArrayBuilder();
        lines.forEach(line -> array.add(JsonProviders.PROVIDER.createObjectBuilder()
                .add("sku", line.sku())
                .add("quantity", line.quantity())
                .add("unit_price_minor", line.unitPriceMinor())));
        return array.build();
    }

    static List<OrderLine> of(EntityManager em, UUID orderId) {
        return NativeResults.rows(em.createNativeQuery(LINES).setParameter(1, orderId.toString()), OrderRows::line);
    }
}
