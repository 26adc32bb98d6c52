package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.port.out.order.OrderStorePort;
import org.junit.jupiter.api.extension.ExtendWith;

/** The order store contract on PostgreSQL, through {@link PostgresOrderStoreAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresOrderStoreAdapterTest extends OrderStorePortContract {

    private final ContractDatabase database;

    PostgresOrderStoreAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<OrderStorePort> openSession() {
        return database.session(em -> {
            PostgresOrderStoreAdapter orders = new PostgresOrderStoreAdapter();
            orders.em = em;
            return orders;
        });
    }
}
