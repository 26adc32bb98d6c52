package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.port.out.order.IdempotencyStorePort;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;

/** The idempotency store contract on PostgreSQL, through {@link PostgresIdempotencyStoreAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresIdempotencyStoreAdapterTest extends IdempotencyStorePortContract {

    private final ContractDatabase database;

    PostgresIdempotencyStoreAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<IdempotencyStorePort> openSession() {
        return database.session(em -> {
            PostgresIdempotencyStoreAdapter store = new PostgresIdempotencyStoreAdapter();
            store.em = em;
            return store;
        });
    }

    @Override
    protected List<String> storedKeys() {
        return database.column("SELECT idempotency_key FROM idempotency_requests", String.class);
    }
}
