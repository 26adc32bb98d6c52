package io.tambat.adapter.out.persistence.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.order.OrderBacklogPort;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The order outbox's backlog as the gauges read it: FAILED notifications wait for a redrive, not in the lag. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresOrderBacklogAdapterTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;

    PostgresOrderBacklogAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Test
    void theLagIsTheOldestNotificationNeitherDeliveredNorFailed() {
        UUID failed = notification(NOW.minusSeconds(400));
        UUID delivered = notification(NOW.minusSeconds(300));
        notification(NOW.minusSeconds(200));
        notification(NOW.minusSeconds(100));
        database.execute("UPDATE order_outbox SET failed_at = ? WHERE order_id = ?", Timestamp.from(NOW), failed);
        database.execute("UPDATE order_outbox SET published_at = ? WHERE order_id = ?", Timestamp.from(NOW),
                delivered);

        OrderBacklogPort.Backlog backlog = backlog();

        assertThat(backlog.outboxLagSeconds()).isEqualTo(200);
        assertThat(backlog.outboxPending()).isEqualTo(2);
        assertThat(backlog.outboxFailed()).isEqualTo(1);
    }

    @Test
    void nothingUndeliveredIsNoLag() {
        UUID delivered = notification(NOW.minusSeconds(300));
        database.execute("UPDATE order_outbox SET published_at = ? WHERE order_id = ?", Timestamp.from(NOW),
                delivered);

        assertThat(backlog()).isEqualTo(new OrderBacklogPort.Backlog(0, 0, 0, 0));
    }

    private OrderBacklogPort.Backlog backlog() {
        try (StoreSession<OrderBacklogPort> session = database.session(em -> {
            PostgresOrderBacklogAdapter adapter = new PostgresOrderBacklogAdapter();
            adapter.em = em;
            return adapter;
        })) {
            return session.call(port -> port.backlog(NOW));
        }
    }

    /** An order and its OrderCreated notification, created at {@code at}, through the order store. */
    private UUID notification(Instant at) {
        Order order = new Order(UUID.randomUUID(), Optional.empty(), Order.CREATED, "EUR",
                List.of(new OrderLine("sku-1", 2, 1_250)), Optional.empty(), 2_500, at);
        try (StoreSession<PostgresOrderStoreAdapter> session = database.session(em -> {
            PostgresOrderStoreAdapter orders = new PostgresOrderStoreAdapter();
            orders.em = em;
            return orders;
        })) {
            session.run(orders -> {
                orders.insert(new TenantId("tenant-a"), order);
                orders.appendCreated(order.id(), at);
            });
        }
        return order.id();
    }
}
