package io.tambat.adapter.out.persistence.order;

import static io.tambat.adapter.out.persistence.ClaimFixture.ORDERS;
import static io.tambat.adapter.out.persistence.ClaimFixture.RETENTION;
import static io.tambat.adapter.out.persistence.ClaimFixture.created;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ClaimFixture;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOperation;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.port.out.order.IdempotencyStorePort;
import io.tambat.domain.port.out.order.IdempotencyStorePort.Claim;
import io.tambat.domain.port.out.order.OrderOperationsPort;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What {@link OrderOperationsPort} promises, for any store, on operations started by an idempotency claim:
 * only operations in progress are leased (never a record claimed synchronously), with the request they were claimed with; fencing and
 * completion succeed only for the attempt that holds the lease; a completed operation answers its tenant, and
 * only its tenant, until it is kept no longer; an operator finds it in any tenant, with its tenant and request time. The lease shape itself is {@link WorkLeaseContract}'s.
 */
abstract class OrderOperationsPortContract extends SessionContract<OrderOperationsPortContract.OperationPorts> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Instant LEASE_END = NOW.plusSeconds(30);
    private static final Instant KEEP_UNTIL = NOW.plus(Duration.ofDays(1));

    @Test
    void leasesOperationsInProgressWithTheirRequest() {
        ClaimFixture started = start(ClaimFixture.valid().asOperation());
        start(ClaimFixture.valid());

        assertThat(leaseDue(NOW, LEASE_END)).containsExactly(new OrderOperation(started.operationId(),
                started.tenant(), started.key(), ClaimFixture.REQUEST, new Lease(1, false)));
    }

    @Test
    void fencingHoldsOnlyForTheAttemptThatHoldsTheLease() {
        UUID operationId = start(ClaimFixture.valid().asOperation()).operationId();
        leaseDue(NOW, LEASE_END);
        assertThat(fence(operationId, 1)).isTrue();

        leaseDue(LEASE_END, LEASE_END.plusSeconds(30));

        assertThat(fence(operationId, 1)).isFalse();
        assertThat(fence(operationId, 2)).isTrue();
    }

    @Test
    void onlyTheCurrentAttemptStoresTheOutcomeAndOnlyOnce() {
        ClaimFixture started = start(ClaimFixture.valid().asOperation());
        UUID operationId = started.operationId();
        leaseDue(NOW, LEASE_END);
        leaseDue(LEASE_END, LEASE_END.plusSeconds(30));

        assertThat(complete(operationId, 1, created("order-stale"))).isFalse();
        assertThat(complete(operationId, 2, created("order-1"))).isTrue();
        assertThat(complete(operationId, 2, created("order-again"))).isFalse();

        assertThat(find(started)).contains(new OperationState(Optional.of(created("order-1"))));
        assertThat(fence(operationId, 2)).isFalse();
        assertThat(leaseDue(KEEP_UNTIL, KEEP_UNTIL.plusSeconds(30))).isEmpty();
        assertThat(claim(started, LEASE_END)).isEqualTo(new Claim.Existing(
                started.fingerprint(), Optional.of(created("order-1")), Optional.of(operationId)));
    }

    @Test
    void aCompletedOperationIsKeptUntilItsKeepUntilAtLeast() {
        ClaimFixture started = start(ClaimFixture.valid().asOperation());
        leaseDue(NOW, LEASE_END);
        complete(started.operationId(), 1, created("order-1"));

        assertThat(purge(NOW.plus(RETENTION).plusSeconds(1))).isZero();
        assertThat(find(started)).isPresent();

        assertThat(purge(KEEP_UNTIL.plusSeconds(1))).isEqualTo(1);
        assertThat(find(started)).isEmpty();
    }

    @Test
    void anOperationIsFoundOnlyByItsTenant() {
        ClaimFixture started = start(ClaimFixture.valid().asOperation());

        assertThat(find(started)).contains(new OperationState(Optional.empty()));
        assertThat(find(started.forTenant("tenant-b"))).isEmpty();
        assertThat(find(started.tenant(), UUID.randomUUID())).isEmpty();
    }

    @Test
    void anOperationIsFoundInAnyTenantWithItsTenantAndRequestTime() {
        ClaimFixture started = start(ClaimFixture.valid().forTenant("tenant-b").asOperation());
        start(ClaimFixture.valid().asOperation());

        assertThat(findInAnyTenant(started.operationId())).contains(new TenantOperation(started.operationId(),
                new TenantId("tenant-b"), NOW, new OperationState(Optional.empty())));
        assertThat(findInAnyTenant(UUID.randomUUID())).isEmpty();
    }

    @Test
    void anOperationFoundInAnyTenantShowsItsOutcomeOnceCompleted() {
        ClaimFixture started = start(ClaimFixture.valid().asOperation());
        leaseDue(NOW, LEASE_END);
        complete(started.operationId(), 1, created("order-1"));

        assertThat(findInAnyTenant(started.operationId())).map(TenantOperation::state)
                .contains(new OperationState(Optional.of(created("order-1"))));
    }

    /** Claims the key as a long operation at {@code NOW}, due at once. */
    private ClaimFixture start(ClaimFixture operation) {
        assertThat(claim(operation, NOW)).isEqualTo(new Claim.Owned());
        return operation;
    }

    private List<OrderOperation> leaseDue(Instant now, Instant leaseUntil) {
        return session.call(ports -> ports.operations().leaseDue(ORDERS, 10, now, leaseUntil));
    }

    private boolean fence(UUID operationId, int attempt) {
        return session.call(ports -> ports.operations().fence(operationId, attempt));
    }

    private boolean complete(UUID operationId, int attempt, RecordedOutcome outcome) {
        return session.call(ports -> ports.operations().complete(operationId, attempt, outcome, KEEP_UNTIL));
    }

    private Claim claim(ClaimFixture request, Instant now) {
        return session.call(ports -> request.claim(ports.store(), now));
    }

    private Optional<OperationState> find(ClaimFixture started) {
        return find(started.tenant(), started.operationId());
    }

    private Optional<OperationState> find(TenantId tenant, UUID operationId) {
        return session.call(ports -> ports.operations().find(tenant, operationId));
    }

    private Optional<TenantOperation> findInAnyTenant(UUID operationId) {
        return session.call(ports -> ports.operations().findInAnyTenant(operationId));
    }

    private int purge(Instant now) {
        return session.call(ports -> ports.store().purgeExpired(now, 10));
    }

    /** Operations live on idempotency records: both ports over one connection. */
    protected record OperationPorts(IdempotencyStorePort store, OrderOperationsPort operations) {
    }
}
