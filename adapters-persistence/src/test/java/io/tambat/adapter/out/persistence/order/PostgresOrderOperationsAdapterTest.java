package io.tambat.adapter.out.persistence.order;

import static io.tambat.adapter.out.persistence.ClaimFixture.ORDERS;
import static io.tambat.adapter.out.persistence.ClaimFixture.created;

import io.tambat.adapter.out.persistence.ClaimFixture;
import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.WorkLeaseContract;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The order operations contract on PostgreSQL, through {@link PostgresOrderOperationsAdapter} with
 * {@link PostgresIdempotencyStoreAdapter}, and the lease contract on its queue of long operations.
 */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresOrderOperationsAdapterTest extends OrderOperationsPortContract {

    private final ContractDatabase database;

    PostgresOrderOperationsAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<OperationPorts> openSession() {
        return database.session(em -> {
            PostgresIdempotencyStoreAdapter store = new PostgresIdempotencyStoreAdapter();
            store.em = em;
            PostgresOrderOperationsAdapter operations = new PostgresOrderOperationsAdapter();
            operations.em = em;
            return new OperationPorts(store, operations);
        });
    }

    /** Long operations as a work queue; completing one stores its outcome. */
    @Nested
    class Leasing extends WorkLeaseContract<OperationPorts, UUID> {

        @Override
        protected StoreSession<OperationPorts> openSession() {
            return PostgresOrderOperationsAdapterTest.this.openSession();
        }

        @Override
        protected UUID enqueue(Instant dueAt) {
            ClaimFixture operation = ClaimFixture.valid().asOperation();
            session.run(ports -> operation.claim(ports.store(), dueAt));
            return operation.operationId();
        }

        @Override
        protected List<LeasedItem<UUID>> leaseDue(OperationPorts ports, int max, Instant now, Instant leaseUntil) {
            return ports.operations().leaseDue(ORDERS, max, now, leaseUntil).stream()
                    .map(operation -> new LeasedItem<>(operation.id(), operation.lease()))
                    .toList();
        }

        @Override
        protected boolean complete(OperationPorts ports, UUID operationId, int attempt, Instant now) {
            return ports.operations().complete(operationId, attempt, created("order-" + operationId),
                    now.plus(Duration.ofDays(1)));
        }

        @Override
        protected int storedAttemptCount(UUID operationId) {
            return database.value("SELECT attempt_count FROM idempotency_requests WHERE operation_id = ?",
                    Integer.class, operationId);
        }
    }
}
