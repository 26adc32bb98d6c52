package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOrder;
import io.tambat.domain.port.out.order.OrderStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** Orders on PostgreSQL; the checkout id is unique per tenant in the insert itself. */
@ApplicationScoped
class PostgresOrderStoreAdapter implements OrderStorePort {

    private static final String INSERT = """
            INSERT INTO orders (order_id, tenant_id, checkout_id, status, currency, coupon, total_minor, created_at)
            VALUES (CAST(? AS uuid), ?, CAST(? AS text), ?, ?, CAST(? AS text), ?, ?)
            ON CONFLICT (tenant_id, checkout_id) DO NOTHING""";

    private static final String APPEND_CREATED = """
            INSERT INTO order_outbox (order_id, event_type, created_at) VALUES (CAST(? AS uuid), 'OrderCreated', ?)""";

    private static final String FIND = """
            SELECT checkout_id, status, currency, coupon, total_minor, created_at FROM orders
            WHERE order_id = CAST(?1 AS uuid) AND tenant_id = ?2""";

    private static final String FIND_IN_ANY_TENANT = """
            SELECT tenant_id, checkout_id, status, currency, coupon, total_minor, created_at FROM orders
            WHERE order_id = CAST(?1 AS uuid)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public boolean insert(TenantId tenant, Order order) {
        try {
            return StorageCalls.call("order insert", () -> insertOrder(tenant, order));
        } catch (StoreUnavailableException e) {
            if (StorageCalls.lockNotAvailable(e)) {
                throw new IdempotencyInProgressException();
            }
            throw e;
        }
    }

    private boolean insertOrder(TenantId tenant, Order order) {
        int inserted = EnlistedConnection.update(em, INSERT, (connection, statement) -> {
            statement.setString(1, order.id().toString());
            statement.setString(2, tenant.value());
            statement.setString(3, order.checkoutId().orElse(null));
            statement.setString(4, order.status());
            statement.setString(5, order.currency());
            statement.setString(6, order.coupon().orElse(null));
            statement.setLong(7, order.totalMinor());
            statement.setTimestamp(8, Timestamp.from(order.createdAt()));
        });
        if (inserted == 0) {
            return false;
        }
        OrderLines.insert(em, order.id(), order.items());
        return true;
    }

    @Override
    public void appendCreated(UUID orderId, Instant now) {
        StorageCalls.call("order outbox append", () -> EnlistedConnection.update(em, APPEND_CREATED,
                (connection, statement) -> {
                    statement.setString(1, orderId.toString());
                    statement.setTimestamp(2, Timestamp.from(now));
                }));
    }

    @Override
    public Optional<Order> find(TenantId tenant, UUID orderId) {
        return StorageCalls.call("order lookup", () -> NativeResults.rows(em.createNativeQuery(FIND)
                        .setParameter(1, orderId.toString())
                        .setParameter(2, tenant.value()), OrderRows::order)
                .stream()
                .findFirst()
                .map(stored -> stored.withLines(orderId, OrderLines.of(em, orderId))));
    }

    @Override
    public Optional<TenantOrder> findInAnyTenant(UUID orderId) {
        return StorageCalls.call("order lookup in any tenant", () -> NativeResults.rows(
                        em.createNativeQuery(FIND_IN_ANY_TENANT).setParameter(1, orderId.toString()),
                        OrderRows::tenantOrder)
                .stream()
                .findFirst()
                .map(stored -> new TenantOrder(stored.tenant(), stored.order().withLines(orderId,
                        OrderLines.of(em, orderId)))));
    }
}
