package io.tambat.adapter.out.persistence;

import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OperationState;
import io.tambat.domain.model.order.OrderOperation;
import io.tambat.domain.model.order.StoredOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.OrderOperationsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Long operations on their idempotency records. The lease is the compare-and-swap: only a row whose lease is
 * free or expired is taken, under {@code FOR UPDATE SKIP LOCKED}, and taking it raises {@code attempt_token};
 * fencing and completion name the token they hold and match nothing once it has moved on.
 */
@ApplicationScoped
class JpaOrderOperationsAdapter implements OrderOperationsPort {

    private static final String LEASE = """
            WITH due AS (
                SELECT tenant_id, endpoint, idempotency_key FROM idempotency_requests
                WHERE operation_id IS NOT NULL AND response_status IS NULL AND lease_expires_at <= ?1
                  AND endpoint = ?4
                ORDER BY lease_expires_at
                LIMIT ?3
                FOR UPDATE SKIP LOCKED)
            UPDATE idempotency_requests r SET attempt_token = r.attempt_token + 1, lease_expires_at = ?2
            FROM due
            WHERE r.tenant_id = due.tenant_id AND r.endpoint = due.endpoint AND r.idempotency_key = due.idempotency_key
            RETURNING CAST(r.operation_id AS text), r.tenant_id, r.idempotency_key, r.operation_request,
                r.attempt_token""";

    private static final String FENCE = """
            SELECT 1 FROM idempotency_requests
            WHERE operation_id = CAST(?1 AS uuid) AND attempt_token = ?2 AND response_status IS NULL
            FOR UPDATE""";

    private static final String COMPLETE = """
            UPDATE idempotency_requests
            SET response_status = ?3, response_body = ?4, resource_id = CAST(?5 AS text), lease_expires_at = NULL,
                operation_request = NULL
            WHERE operation_id = CAST(?1 AS uuid) AND attempt_token = ?2 AND response_status IS NULL""";

    private static final String FIND = """
            SELECT response_status, response_body, resource_id FROM idempotency_requests
            WHERE operation_id = CAST(?1 AS uuid) AND tenant_id = ?2""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public List<OrderOperation> leaseDue(String endpoint, int max, Instant now, Instant leaseUntil) {
        return StorageCalls.call("operation lease", () -> LeaseQueries.lease(em, LEASE, now, leaseUntil, max, endpoint)
                .stream()
                .map(row -> new OrderOperation(NativeRows.uuid(row[0]), new TenantId((String) row[1]),
                        new IdempotencyKey((String) row[2]), OperationRequestJson.read((String) row[3]),
                        NativeRows.number(row[4])))
                .toList());
    }

    @Override
    public boolean fence(UUID operationId, long attemptToken) {
        return StorageCalls.call("operation fence", () -> !em.createNativeQuery(FENCE)
                .setParameter(1, operationId.toString())
                .setParameter(2, attemptToken)
                .getResultList()
                .isEmpty());
    }

    @Override
    public boolean complete(UUID operationId, long attemptToken, StoredOutcome outcome) {
        return StorageCalls.call("operation completion", () -> em.createNativeQuery(COMPLETE)
                .setParameter(1, operationId.toString())
                .setParameter(2, attemptToken)
                .setParameter(3, outcome.status())
                .setParameter(4, outcome.body())
                .setParameter(5, outcome.resourceId().orElse(null))
                .executeUpdate()) == 1;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Optional<OperationState> find(TenantId tenant, UUID operationId) {
        return StorageCalls.call("operation lookup", () -> ((List<Object[]>) em.createNativeQuery(FIND)
                        .setParameter(1, operationId.toString())
                        .setParameter(2, tenant.value())
                        .getResultList())
                .stream()
                .findFirst()
                .map(row -> new OperationState(StoredOutcomeColumns.read(row, 0))));
    }
}
