package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;

/**
 * Whether every id a client got a success for is stored exactly once, looked up one by one: a delivery id among
 * the inbox rows of its endpoint, an order id among its tenant's orders. Ids cut in flight may be stored without
 * an answer; none answered may be missing or doubled.
 */
record ExactlyOnce(String what, long confirmed, long storedOnce, long missing, long duplicated) {

    private static final String DELIVERIES = """
            SELECT (SELECT count(*) FROM webhook_inbox w
                    WHERE w.provider = 'github' AND w.endpoint_id = ? AND w.provider_event_id = i.id)
            FROM unnest(?) AS i(id)""";

    private static final String ORDERS = """
            SELECT (SELECT count(*) FROM orders o WHERE o.tenant_id = ? AND o.order_id = CAST(i.id AS uuid))
            FROM unnest(?) AS i(id)""";

    static ExactlyOnce deliveries(TestDatabase db, String endpoint, Collection<String> deliveryIds) {
        return deliveries(db, endpoint, "2xx deliveries", deliveryIds);
    }

    /** Deliveries, named in the report as {@code what}: e.g. those answered 2xx by two instances. */
    static ExactlyOnce deliveries(TestDatabase db, String endpoint, String what, Collection<String> deliveryIds) {
        return check(db, what, DELIVERIES, endpoint, deliveryIds);
    }

    static ExactlyOnce orders(TestDatabase db, String tenant, Collection<String> orderIds) {
        return check(db, "201 orders", ORDERS, tenant, orderIds);
    }

    boolean holds() {
        return storedOnce == confirmed;
    }

    String describe() {
        return String.format("exactly once: %,d %s, %,d stored once, %,d missing, %,d stored more than once",
                confirmed, what, storedOnce, missing, duplicated);
    }

    private static ExactlyOnce check(TestDatabase db, String what, String sql, String scope, Collection<String> ids) {
        long once = 0;
        long missing = 0;
        long duplicated = 0;
        try (Connection connection = db.connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            Array array = connection.createArrayOf("text", ids.toArray());
            statement.setString(1, scope);
            statement.setArray(2, array);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    long stored = rows.getLong(1);
                    if (stored == 1) {
                        once++;
                    } else if (stored == 0) {
                        missing++;
                    } else {
                        duplicated++;
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("exactly-once check failed to run", e);
        }
        return new ExactlyOnce(what, ids.size(), once, missing, duplicated);
    }
}
