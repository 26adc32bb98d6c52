package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.OrderDeliveryPort;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.extension.ExtendWith;

/** The lease contract on the order outbox, through {@link PostgresOrderDeliveryAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresOrderDeliveryAdapterTest extends WorkLeaseContract<Long> {

    private final ContractDatabase database;

    PostgresOrderDeliveryAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    /**
     * An order and its OrderCreated notification, through the order store. The notification is due from the
     * database's own clock on; the test's clock is fixed, so the row is made due at {@code dueAt}.
     */
    @Override
    protected Long enqueue(Instant dueAt) {
        Order order = new Order(UUID.randomUUID(), Optional.empty(), Order.CREATED, "EUR",
                List.of(new OrderLine("sku-1", 2, 1_250)), Optional.empty(), 2_500, dueAt);
        try (StoreSession<PostgresOrderStoreAdapter> session = database.session(em -> {
            PostgresOrderStoreAdapter orders = new PostgresOrderStoreAdapter();
            orders.em = em;
            return orders;
        })) {
            session.run(orders -> {
                orders.insert(new TenantId("tenant-a"), order);
                orders.appendCreated(order.id(), dueAt);
            });
        }
        database.execute("UPDATE order_outbox SET next_attempt_at = ? WHERE order_id = ?", Timestamp.from(dueAt),
                order.id());
        return database.value("SELECT outbox_id FROM order_outbox WHERE order_id = ?", Long.class, order.id());
    }

    @Override
    protected Worker<Long> openWorker() {
        StoreSession<OrderDeliveryPort> session = database.session(em -> {
            PostgresOrderDeliveryAdapter deliveries = new PostgresOrderDeliveryAdapter();
            deliveries.em = em;
            return deliveries;
        });
        return new Worker<>() {
            @Override
            public List<LeasedItem<Long>> leaseDue(int max, Instant now, Instant leaseUntil) {
                return session.call(deliveries -> deliveries.leaseDue(max, now, leaseUntil).stream()
                        .map(delivery -> new LeasedItem<>(delivery.outboxId(), delivery.lease()))
                        .toList());
            }

            @Override
            public boolean complete(Long outboxId, int attempt, Instant now) {
                return session.call(deliveries -> deliveries.markDelivered(outboxId, attempt, now));
            }

            @Override
            public void close() {
                session.close();
            }
        };
    }

    @Override
    protected int storedAttemptCount(Long outboxId) {
        return database.value("SELECT attempt_count FROM order_outbox WHERE outbox_id = ?", Integer.class, outboxId);
    }
}
