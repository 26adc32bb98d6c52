package io.tambat.application.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.MutableClock;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.processing.Lease;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A long operation's end, as the worker holding its lease drives it: the order created and the outcome
 * recorded only under the current attempt, or a recorded {@code OPERATION_FAILED}; a stale attempt changes
 * nothing.
 */
class OrderPlacementOperationsTest {

    private static final TenantId TENANT = new TenantId("tenant-a");
    private static final IdempotencyKey KEY = new IdempotencyKey("key-1");
    private static final OrderRequest REQUEST = new OrderRequest(Optional.of("checkout-1"), "EUR",
            List.of(new OrderLine("sku-1", 1, 900)), Optional.empty());

    private final MutableClock clock = MutableClock.start();
    private final InMemoryIdempotencyRecords records = new InMemoryIdempotencyRecords();
    private final InMemoryOrders orders = new InMemoryOrders();
    private final OrderPlacement placement = PlaceOrderServiceTest.placement(records, orders, clock);
    private final UUID operationId = UUID.randomUUID();

    @Test
    void theAttemptHoldingTheLeaseCreatesTheOrderAndRecordsItsOutcome() {
        OrderOperation operation = claimedAndLeasedTo(2);
        clock.advance(Duration.ofHours(30));

        RecordedOutcome outcome = placement.complete(operation, clock.instant());

        assertThat(outcome.result()).isEqualTo(OrderResult.CREATED);
        assertThat(orders.orders.keySet()).containsExactly(outcome.orderId().orElseThrow());
        assertThat(records.find(TENANT, operationId)).contains(new OperationState(Optional.of(outcome)));
        // The client may poll for the whole retention after the operation ended, however long it ran.
        assertThat(records.record(TENANT, KEY).orElseThrow().keptUntil)
                .isEqualTo(clock.instant().plus(Duration.ofHours(24)));
    }

    @Test
    void aStaleAttemptCreatesNothingAndLearnsItLostTheLease() {
        OrderOperation stale = claimedAndLeasedTo(1);
        records.leasedTo(operationId, 2);

        assertThatThrownBy(() -> placement.complete(stale, clock.instant())).isInstanceOf(LeaseLostException.class);
        assertThat(orders.orders).isEmpty();
        assertThat(records.find(TENANT, operationId)).contains(new OperationState(Optional.empty()));
    }

    @Test
    void anOperationThatWillNotBeCarriedOutEndsWithARecordedFailure() {
        OrderOperation operation = claimedAndLeasedTo(3);

        RecordedOutcome outcome = placement.fail(operation, "its last allowed attempt was lost", clock.instant());

        assertThat(outcome).isEqualTo(new RecordedOutcome(OrderResult.OPERATION_FAILED,
                "rejected OPERATION_FAILED: its last allowed attempt was lost", Optional.empty()));
        assertThat(records.find(TENANT, operationId)).contains(new OperationState(Optional.of(outcome)));
        assertThat(orders.orders).isEmpty();
    }

    @Test
    void failingAnOperationTakenOverChangesNothing() {
        OrderOperation stale = claimedAndLeasedTo(1);
        records.leasedTo(operationId, 2);

        assertThatThrownBy(() -> placement.fail(stale, "defect", clock.instant()))
                .isInstanceOf(LeaseLostException.class);
        assertThat(records.find(TENANT, operationId)).contains(new OperationState(Optional.empty()));
    }

    private OrderOperation claimedAndLeasedTo(int attempt) {
        records.claim(TENANT, IdempotencyScope.ORDER_PLACEMENT, KEY, "fingerprint",
                Optional.of(new PendingOperation(operationId, REQUEST)), clock.instant(),
                clock.instant().plus(Duration.ofHours(24)));
        records.leasedTo(operationId, attempt);
        return new OrderOperation(operationId, TENANT, KEY, REQUEST, new Lease(attempt, attempt > 1));
    }
}
