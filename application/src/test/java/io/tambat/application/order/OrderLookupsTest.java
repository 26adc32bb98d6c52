package io.tambat.application.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.operator.AuditTrail;
import io.tambat.application.testing.InMemoryAuditTrail;
import io.tambat.application.testing.MutableClock;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOperation;
import io.tambat.domain.model.order.TenantOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** An operator looks up orders and long operations of any tenant, on in-memory stores. */
class OrderLookupsTest {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final TenantId TENANT = new TenantId("tenant-a");
    private static final TenantId OTHER_TENANT = new TenantId("tenant-b");
    private static final OrderRequest REQUEST = new OrderRequest(Optional.empty(), "EUR",
            List.of(new OrderLine("sku-1", 2, 1_250)), Optional.empty());

    private static final Operator OPERATOR = new Operator("viewer@example.com");

    private final InMemoryOrders orders = new InMemoryOrders();
    private final InMemoryAuditTrail trail = new InMemoryAuditTrail();
    private final MutableClock clock = new MutableClock(NOW);
    private final InMemoryIdempotencyRecords records = new InMemoryIdempotencyRecords();
    private final OrderLookups lookups = lookups();

    @Test
    void findsAnOrderOfAnyTenantWithItsTenant() {
        Order order = order();
        orders.insert(OTHER_TENANT, order);

        assertThat(lookups.order(OPERATOR, order.id())).contains(new TenantOrder(OTHER_TENANT, order));
        assertThat(lookups.order(OPERATOR, UUID.randomUUID())).isEmpty();
    }

    @Test
    void findsAnOperationInProgressWithItsTenantAndRequestTime() {
        UUID operationId = claimOperation(OTHER_TENANT);

        assertThat(lookups.operation(OPERATOR, operationId)).contains(
                new TenantOperation(operationId, OTHER_TENANT, NOW, new OperationState(Optional.empty())));
        assertThat(lookups.operation(OPERATOR, UUID.randomUUID())).isEmpty();
    }

    @Test
    void findsACompletedOperationWithItsOutcome() {
        UUID operationId = claimOperation(TENANT);
        records.leasedTo(operationId, 1);
        RecordedOutcome created = new RecordedOutcome(OrderResult.CREATED, "{}", Optional.of(UUID.randomUUID()));
        records.complete(operationId, 1, created, NOW.plus(Duration.ofDays(1)));

        assertThat(lookups.operation(OPERATOR, operationId)).map(TenantOperation::state)
                .contains(new OperationState(Optional.of(created)));
    }

    @Test
    void everyLookUpAcrossTenantsIsInTheAuditTrailWithWhoLookedAndWhetherItFoundIt() {
        Order order = order();
        orders.insert(OTHER_TENANT, order);
        UUID operationId = claimOperation(TENANT);
        UUID unknown = UUID.randomUUID();

        lookups.order(OPERATOR, order.id());
        lookups.operation(OPERATOR, operationId);
        lookups.order(OPERATOR, unknown);

        assertThat(trail.recent(Optional.empty(), 10))
                .extracting(OperatorAction::actor, OperatorAction::kind, OperatorAction::target, OperatorAction::count)
                .containsExactlyInAnyOrder(
                        tuple(OPERATOR.name(), OperatorAction.Kind.ORDER_LOOKUP, Optional.of(order.id().toString()), 1L),
                        tuple(OPERATOR.name(), OperatorAction.Kind.ORDER_OPERATION_LOOKUP,
                                Optional.of(operationId.toString()), 1L),
                        tuple(OPERATOR.name(), OperatorAction.Kind.ORDER_LOOKUP, Optional.of(unknown.toString()), 0L));
    }

    private UUID claimOperation(TenantId tenant) {
        UUID operationId = UUID.randomUUID();
        records.claim(tenant, IdempotencyScope.ORDER_PLACEMENT, new IdempotencyKey("key-" + operationId),
                "fingerprint", Optional.of(new PendingOperation(operationId, REQUEST)), NOW,
                NOW.plus(Duration.ofHours(24)));
        return operationId;
    }

    private static Order order() {
        return new Order(UUID.randomUUID(), Optional.of("checkout-1"), Order.CREATED, "EUR", REQUEST.items(),
                Optional.empty(), 2_500, NOW);
    }

    private OrderLookups lookups() {
        OrderLookups service = new OrderLookups();
        service.orders = orders;
        service.operations = records;
        service.audit = new AuditTrail(trail, new TimeOrderedIds(clock), clock);
        return service;
    }
}
