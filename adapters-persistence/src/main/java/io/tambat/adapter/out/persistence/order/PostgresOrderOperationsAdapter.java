package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.jdbc.LeaseQueries;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.model.order.TenantOperation;
import io.tambat.domain.port.out.order.OrderOperationsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Long operations on their idempotency records, leased by the shared {@link LeaseQueries} statement; fencing
 * and completion name the attempt that holds the lease and match nothing once it has moved on.
 */
@ApplicationScoped
class PostgresOrderOperationsAdapter implements OrderOperationsPort {

    /**
     * The lease ({@code ?1} now, {@code ?2} the lease end, {@code ?3} the batch size, {@code ?4} the scope), in
     * the shape every work queue shares ({@link io.tambat.adapter.out.persistence.jdbc.LeaseQueries}).
     */
    private static final NumberedStatement LEASE = NumberedStatement.of("""
            WITH due AS (
                SELECT operation_id AS leased_key, lease_until IS NOT NULL AS taken_over FROM idempotency_requests
                WHERE operation_id IS NOT NULL AND outcome IS NULL AND scope = ?4
                    AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                ORDER BY next_attempt_at
                LIMIT ?3
                FOR UPDATE SKIP LOCKED),
            leased AS (
                UPDATE idempotency_requests w SET lease_until = ?2, attempt_count = w.attempt_count + 1
                FROM due WHERE w.operation_id = due.leased_key
                RETURNING w.*, due.taken_over)
            SELECT CAST(operation_id AS text), tenant_id, idempotency_key, operation_request, attempt_count,
                taken_over
            FROM leased""");

    private static final String FENCE = """
            SELECT 1 FROM idempotency_requests
            WHERE operation_id = CAST(?1 AS uuid) AND attempt_count = ?2 AND outcome IS NULL
            FOR UPDATE""";

    private static final String COMPLETE = """
            UPDATE idempotency_requests
            SET outcome = ?3, response_body = ?4, resource_id = CAST(?5 AS text), lease_until = NULL,
                operation_request = NULL, expires_at = GREATEST(expires_at, ?6)
            WHERE operation_id = CAST(?1 AS uuid) AND attempt_count = ?2 AND outcome IS NULL""";

    private static final String FIND = """
            SELECT outcome, response_body, resource_id FROM idempotency_requests
            WHERE operation_id = CAST(?1 AS uuid) AND tenant_id = ?2""";

    private static final String FIND_IN_ANY_TENANT = """
            SELECT CAST(operation_id AS text), tenant_id, created_at, outcome, response_body, resource_id
            FROM idempotency_requests
            WHERE operation_id = CAST(?1 AS uuid)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<OrderOperation> leaseDue(IdempotencyScope scope, int max, Instant now, Instant leaseUntil) {
        return StorageCalls.call("operation lease", () -> LeaseQueries.lease(em, LEASE,
                IdempotencyRows::leasedOperation, now, leaseUntil, max, scope.name()));
    }

    @Override
    public boolean fence(UUID operationId, int attempt) {
        return StorageCalls.call("operation fence", () -> !em.createNativeQuery(FENCE)
                .setParameter(1, operationId.toString())
                .setParameter(2, attempt)
                .getResultList()
                .isEmpty());
    }

    @Override
    public boolean complete(UUID operationId, int attempt, RecordedOutcome outcome, Instant keepUntil) {
        return StorageCalls.call("operation completion", () -> em.createNativeQuery(COMPLETE)
                .setParameter(1, operationId.toString())
                .setParameter(2, attempt)
                .setParameter(3, outcome.result().name())
                .setParameter(4, outcome.representation())
                .setParameter(5, outcome.orderId().map(UUID::toString).orElse(null))
                .setParameter(6, java.sql.Timestamp.from(keepUntil))
                .executeUpdate()) == 1;
    }

    @Override
    public Optional<OperationState> find(TenantId tenant, UUID operationId) {
        return StorageCalls.call("operation lookup", () -> NativeResults.rows(em.createNativeQuery(FIND)
                        .setParameter(1, operationId.toString())
                        .setParameter(2, tenant.value()), IdempotencyRows::operationState)
                .stream()
                .findFirst());
    }

    @Override
    public Optional<TenantOperation> findInAnyTenant(UUID operationId) {
        return StorageCalls.call("operation lookup in any tenant", () -> NativeResults.rows(
                        em.createNativeQuery(FIND_IN_ANY_TENANT).setParameter(1, operationId.toString()),
                        IdempotencyRows::tenantOperation)
                .stream()
                .findFirst());
    }
}
