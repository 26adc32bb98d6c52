package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.StoredOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.IdempotencyStorePort;
import io.tambat.domain.port.out.IdempotencyStorePort.Claim;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * One valid claim of an idempotency key, and one change at a time:
 * {@code valid().forTenant("tenant-b").claim(store, now)}. Records it claims live for an hour.
 */
record ClaimFixture(TenantId tenant, String endpoint, IdempotencyKey key, String fingerprint,
        Optional<PendingOperation> operation) {

    static final String ORDERS = "POST /orders";
    static final Duration RETENTION = Duration.ofHours(1);
    static final Duration WAIT = Duration.ofSeconds(10);
    static final OrderRequest REQUEST = new OrderRequest(Optional.of("checkout-1"), "EUR",
            List.of(new OrderLine("sku-1", 2, 1_250)), Optional.empty());

    static ClaimFixture valid() {
        return new ClaimFixture(new TenantId("tenant-a"), ORDERS, new IdempotencyKey("key-" + UUID.randomUUID()),
                "fingerprint-1", Optional.empty());
    }

    ClaimFixture forTenant(String tenantId) {
        return new ClaimFixture(new TenantId(tenantId), endpoint, key, fingerprint, operation);
    }

    ClaimFixture onEndpoint(String otherEndpoint) {
        return new ClaimFixture(tenant, otherEndpoint, key, fingerprint, operation);
    }

    ClaimFixture withFingerprint(String otherFingerprint) {
        return new ClaimFixture(tenant, endpoint, key, otherFingerprint, operation);
    }

    /** The claim of a long operation, run later by a worker. */
    ClaimFixture asOperation() {
        return new ClaimFixture(tenant, endpoint, key, fingerprint,
                Optional.of(new PendingOperation(UUID.randomUUID(), REQUEST)));
    }

    UUID operationId() {
        return operation.orElseThrow().id();
    }

    Claim claim(IdempotencyStorePort store, Instant now) {
        return claim(store, now, WAIT);
    }

    Claim claim(IdempotencyStorePort store, Instant now, Duration wait) {
        return store.claim(tenant, endpoint, key, fingerprint, operation, now, now.plus(RETENTION), wait);
    }

    void complete(IdempotencyStorePort store, StoredOutcome outcome) {
        store.complete(tenant, endpoint, key, outcome);
    }

    /** The answer an order request stores: the order created. */
    static StoredOutcome created(String orderId) {
        return new StoredOutcome(201, "{\"id\":\"" + orderId + "\"}", Optional.of(orderId));
    }
}
