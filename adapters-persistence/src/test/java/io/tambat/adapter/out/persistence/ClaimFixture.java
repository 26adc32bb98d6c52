package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.order.IdempotencyStorePort;
import io.tambat.domain.port.out.order.IdempotencyStorePort.Claim;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * One valid claim of an idempotency key, and one change at a time:
 * {@code valid().forTenant("tenant-b").claim(store, now)}. Records it claims live for an hour.
 */
public record ClaimFixture(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, String fingerprint,
        Optional<PendingOperation> operation) {

    public static final IdempotencyScope ORDERS = IdempotencyScope.ORDER_PLACEMENT;
    public static final Duration RETENTION = Duration.ofHours(1);
    public static final Duration WAIT = Duration.ofSeconds(10);
    public static final OrderRequest REQUEST = new OrderRequest(Optional.of("checkout-1"), "EUR",
            List.of(new OrderLine("sku-1", 2, 1_250)), Optional.empty());

    public static ClaimFixture valid() {
        return new ClaimFixture(new TenantId("tenant-a"), ORDERS, new IdempotencyKey("key-" + UUID.randomUUID()),
                "fingerprint-1", Optional.empty());
    }

    public ClaimFixture forTenant(String tenantId) {
        return new ClaimFixture(new TenantId(tenantId), scope, key, fingerprint, operation);
    }

    public ClaimFixture withFingerprint(String otherFingerprint) {
        return new ClaimFixture(tenant, scope, key, otherFingerprint, operation);
    }

    /** The claim of a long operation, run later by a worker. */
    public ClaimFixture asOperation() {
        return new ClaimFixture(tenant, scope, key, fingerprint,
                Optional.of(new PendingOperation(UUID.randomUUID(), REQUEST)));
    }

    public UUID operationId() {
        return operation.orElseThrow().id();
    }

    public Claim claim(IdempotencyStorePort store, Instant now) {
        return claim(store, now, WAIT);
    }

    public Claim claim(IdempotencyStorePort store, Instant now, Duration wait) {
        store.boundClaimWaits(wait);
        return store.claim(tenant, scope, key, fingerprint, operation, now, now.plus(RETENTION));
    }

    public void complete(IdempotencyStorePort store, RecordedOutcome outcome) {
        store.complete(tenant, scope, key, outcome);
    }

    /** The outcome an order request records: the order created, its id derived from {@code label}. */
    public static RecordedOutcome created(String label) {
        UUID orderId = UUID.nameUUIDFromBytes(label.getBytes(StandardCharsets.UTF_8));
        return new RecordedOutcome(OrderResult.CREATED, "{\"id\":\"" + orderId + "\"}", Optional.of(orderId));
    }
}
