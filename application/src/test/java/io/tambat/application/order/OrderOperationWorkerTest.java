package io.tambat.application.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.order.FakeOrderPlacement.Ended;
import io.tambat.application.testing.LogCapture;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.RecordingMetrics;
import io.tambat.application.testing.TestWork;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOperation;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.port.out.order.OrderOperationsPort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

class OrderOperationWorkerTest {

    private final MutableClock clock = MutableClock.start();
    private final RecordingOperations operations = new RecordingOperations();
    private final FakeOrderPlacement placement = new FakeOrderPlacement();
    private final RecordingMetrics metrics = new RecordingMetrics();
    private final OrderOperationWorker worker = worker();
    private final OrderOperation operation = operation(new Lease(1, false));

    @Test
    void leasesOrderPlacementOperationsUntilTheLeaseRunsOut() {
        operations.due.add(operation);

        List<OrderOperation> leased = worker.leaseBatch(TestWork.BATCH_SIZE);

        assertThat(leased).containsExactly(operation);
        assertThat(operations.leases).containsExactly(new LeaseRequest(IdempotencyScope.ORDER_PLACEMENT,
                TestWork.BATCH_SIZE, clock.instant(), clock.instant().plus(TestWork.LEASE)));
    }

    @Test
    void completesALeasedOperation() {
        worker.attempt(operation);

        assertThat(placement.ended).containsExactly(new Ended(operation.id(), "created", clock.instant()));
        assertThat(metrics.recorded()).containsExactly("operation completed");
    }

    @Test
    void leavesAnOperationWhoseStoreIsUnavailableToItsLease() {
        placement.completeThrows(new StoreUnavailableException("database down", null));

        worker.attempt(operation);

        assertThat(placement.ended).isEmpty();
        assertThat(metrics.recorded()).containsExactly("operation retried");
    }

    @Test
    void endsAnOperationThatHitADefectAsOperationFailed() {
        placement.completeThrows(new IllegalStateException("a bug"));

        worker.attempt(operation);

        assertThat(placement.ended).containsExactly(new Ended(operation.id(),
                "operation_failed: the operation failed; it was not carried out", clock.instant()));
        assertThat(metrics.recorded()).containsExactly("operation failed");
    }

    @Test
    void logsALostLeaseAndStoresNothing() {
        placement.completeThrows(new LeaseLostException("operation attempt 1 no longer holds its lease"));

        try (LogCapture log = LogCapture.of(OrderOperationWorker.class)) {
            worker.attempt(operation);

            assertThat(log.messages(Level.WARNING)).singleElement().asString()
                    .contains("operation attempt 1 no longer holds its lease; its work was rolled back");
        }
        assertThat(placement.ended).isEmpty();
        assertThat(metrics.recorded()).containsExactly("operation superseded");
    }

    @Test
    void leavesTheEndOfAnOperationWhoseLeaseWasTakenOverToTheNewHolder() {
        placement.completeThrows(new IllegalStateException("a bug"));
        placement.failThrows(new LeaseLostException("operation attempt 1 no longer holds its lease"));

        worker.attempt(operation);

        assertThat(placement.ended).isEmpty();
        assertThat(metrics.recorded()).containsExactly("operation superseded");
    }

    @Test
    void endsAnOperationWhoseLastAllowedAttemptWasLostAsOperationFailed() {
        OrderOperation afterTheLast = operation(new Lease(TestWork.MAX_ATTEMPTS + 1, true));

        worker.endLost(afterTheLast);

        assertThat(placement.ended).containsExactly(new Ended(afterTheLast.id(),
                "operation_failed: the operation's last allowed attempt was lost; it was not carried out",
                clock.instant()));
        assertThat(metrics.recorded()).containsExactly("operation failed", "lost operations");
    }

    private static OrderOperation operation(Lease lease) {
        OrderRequest request = new OrderRequest(Optional.of("checkout-1"), "EUR",
                List.of(new OrderLine("sku-1", 2, 750)), Optional.empty());
        return new OrderOperation(UUID.fromString("5f0c2d4e-8a7b-4c1d-9e3f-2a6b8c0d1e4f"), new TenantId("tenant-a"),
                new IdempotencyKey("key-1"), request, lease);
    }

    private OrderOperationWorker worker() {
        OrderOperationWorker built = new OrderOperationWorker();
        built.operations = operations;
        built.placement = placement;
        built.settings = TestWork.settings();
        built.metrics = metrics;
        built.workMetrics = metrics;
        built.clock = clock;
        return built;
    }

    private record LeaseRequest(IdempotencyScope scope, int max, Instant now, Instant leaseUntil) {
    }

    /** The operations a worker may lease, and each lease it asked for; the rest is the placement's business. */
    private static final class RecordingOperations implements OrderOperationsPort {
        private final List<OrderOperation> due = new ArrayList<>();
        private final List<LeaseRequest> leases = new ArrayList<>();

        @Override
        public List<OrderOperation> leaseDue(IdempotencyScope scope, int max, Instant now, Instant leaseUntil) {
            leases.add(new LeaseRequest(scope, max, now, leaseUntil));
            return List.copyOf(due);
        }

        @Override
        public boolean fence(UUID operationId, int attempt) {
            throw new UnsupportedOperationException("the placement fences");
        }

        @Override
        public boolean complete(UUID operationId, int attempt, RecordedOutcome outcome, Instant keepUntil) {
            throw new UnsupportedOperationException("the placement completes");
        }

        @Override
        public Optional<OperationState> find(TenantId tenant, UUID operationId) {
            throw new UnsupportedOperationException("workers never read operations");
        }

        @Override
        public Optional<TenantOperation> findInAnyTenant(UUID operationId) {
            throw new UnsupportedOperationException("workers never read operations");
        }
    }
}
