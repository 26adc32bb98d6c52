package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.WorkLeaseContract;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.order.OrderDeliveryPort;
import io.tambat.domain.port.out.order.OrderStorePort;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.extension.ExtendWith;

/** The lease contract on the order outbox, through {@link PostgresOrderDeliveryAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresOrderDeliveryAdapterTest
        extends WorkLeaseContract<PostgresOrderDeliveryAdapterTest.DeliveryPorts, Long> {

    private final ContractDatabase database;

    PostgresOrderDeliveryAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<DeliveryPorts> openSession() {
        return database.session(em -> {
            PostgresOrderStoreAdapter orders = new PostgresOrderStoreAdapter();
            orders.em = em;
            PostgresOrderDeliveryAdapter deliveries = new PostgresOrderDeliveryAdapter();
            deliveries.em = em;
            return new DeliveryPorts(orders, deliveries);
        });
    }

    /**
     * An order and its OrderCreated notification, through the order store. The notification is due from the
     * database's own clock on; the test's clock is fixed, so the row is made due at {@code dueAt}.
     */
    @Override
    protected Long enqueue(Instant dueAt) {
        Order order = new Order(UUID.randomUUID(), Optional.empty(), Order.CREATED, "EUR",
                List.of(new OrderLine("sku-1", 2, 1_250)), Optional.empty(), 2_500, dueAt);
        session.run(ports -> {
            ports.orders().insert(new TenantId("tenant-a"), order);
            ports.orders().appendCreated(order.id(), dueAt);
        });
        database.execute("UPDATE order_outbox SET next_attempt_at = ? WHERE order_id = ?", Timestamp.from(dueAt),
                order.id());
        return database.value("SELECT outbox_id FROM order_outbox WHERE order_id = ?", Long.class, order.id());
    }

    @Override
    protected List<LeasedItem<Long>> leaseDue(DeliveryPorts ports, int max, Instant now, Instant leaseUntil) {
        return ports.deliveries().leaseDue(max, now, leaseUntil).stream()
                .map(delivery -> new LeasedItem<>(delivery.outboxId(), delivery.lease()))
                .toList();
    }

    @Override
    protected boolean complete(DeliveryPorts ports, Long outboxId, int attempt, Instant now) {
        return ports.deliveries().markDelivered(outboxId, attempt, now);
    }

    @Override
    protected int storedAttemptCount(Long outboxId) {
        return database.value("SELECT attempt_count FROM order_outbox WHERE outbox_id = ?", Integer.class, outboxId);
    }

    /** Orders and their delivery state over one connection. */
    record DeliveryPorts(OrderStorePort orders, OrderDeliveryPort deliveries) {
    }
}
