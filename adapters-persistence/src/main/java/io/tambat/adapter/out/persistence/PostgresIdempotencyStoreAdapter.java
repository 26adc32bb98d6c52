package io.tambat.adapter.out.persistence;

import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.IdempotencyStorePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Idempotency records on PostgreSQL. The claim is one {@code INSERT ... ON CONFLICT DO UPDATE ... WHERE
 * expired}: a live record is left alone, an expired one is taken over (a long operation's with a new
 * operation id, which fences out any worker still on the old one; never one still running, which a client may
 * still be polling), and a record another
 * transaction is still writing makes this statement wait for its outcome, bounded by {@code lock_timeout}.
 */
@ApplicationScoped
class PostgresIdempotencyStoreAdapter implements IdempotencyStorePort {

    private static final String LOCK_NOT_AVAILABLE = "55P03";

    private static final String CLAIM = """
            INSERT INTO idempotency_requests (tenant_id, scope, idempotency_key, fingerprint, created_at, expires_at,
                operation_id, operation_request, next_attempt_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, CAST(?7 AS uuid), CAST(?8 AS text), CAST(?9 AS timestamptz))
            ON CONFLICT (tenant_id, scope, idempotency_key) DO UPDATE
                SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at,
                    expires_at = EXCLUDED.expires_at, outcome = NULL, response_body = NULL, resource_id = NULL,
                    operation_id = EXCLUDED.operation_id, operation_request = EXCLUDED.operation_request,
                    next_attempt_at = EXCLUDED.next_attempt_at, lease_until = NULL, attempt_count = 0
                WHERE idempotency_requests.expires_at <= EXCLUDED.created_at
                  AND (idempotency_requests.operation_id IS NULL OR idempotency_requests.outcome IS NOT NULL)
            RETURNING 1""";

    private static final String EXISTING = "SELECT " + IdempotencyRows.EXISTING + """
             FROM idempotency_requests WHERE tenant_id = ?1 AND scope = ?2 AND idempotency_key = ?3""";

    private static final String COMPLETE = """
            UPDATE idempotency_requests SET outcome = ?4, response_body = ?5, resource_id = CAST(?6 AS text)
            WHERE tenant_id = ?1 AND scope = ?2 AND idempotency_key = ?3""";

    private static final String PURGE = """
            DELETE FROM idempotency_requests WHERE ctid IN (
                SELECT ctid FROM idempotency_requests WHERE expires_at < ?1
                  AND (operation_id IS NULL OR outcome IS NOT NULL) LIMIT ?2)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public Claim claim(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, String fingerprint,
            Optional<PendingOperation> operation, Instant now, Instant expiresAt, Duration wait) {
        try {
            em.createNativeQuery("SET LOCAL lock_timeout = '" + Math.max(1, wait.toMillis()) + "ms'").executeUpdate();
            List<?> claimed = em.createNativeQuery(CLAIM)
                    .setParameter(1, tenant.value())
                    .setParameter(2, scope.name())
                    .setParameter(3, key.value())
                    .setParameter(4, fingerprint)
                    .setParameter(5, Timestamp.from(now))
                    .setParameter(6, Timestamp.from(expiresAt))
                    .setParameter(7, operation.map(pending -> pending.id().toString()).orElse(null))
                    .setParameter(8, operation.map(pending -> OperationRequestJson.write(pending.request()))
                            .orElse(null))
                    .setParameter(9, operation.map(pending -> Timestamp.from(now)).orElse(null))
                    .getResultList();
            if (!claimed.isEmpty()) {
                return new Claim.Owned();
            }
            return NativeResults.row(em.createNativeQuery(EXISTING)
                    .setParameter(1, tenant.value())
                    .setParameter(2, scope.name())
                    .setParameter(3, key.value()), IdempotencyRows::existing);
        } catch (RuntimeException e) {
            if (StorageCalls.sqlState(e).filter(LOCK_NOT_AVAILABLE::equals).isPresent()) {
                throw new IdempotencyInProgressException();
            }
            throw StorageCalls.translate("idempotency claim", e);
        }
    }

    @Override
    public void complete(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, RecordedOutcome outcome) {
        StorageCalls.call("idempotency outcome", () -> em.createNativeQuery(COMPLETE)
                .setParameter(1, tenant.value())
                .setParameter(2, scope.name())
                .setParameter(3, key.value())
                .setParameter(4, outcome.result().name())
                .setParameter(5, outcome.representation())
                .setParameter(6, outcome.orderId().map(UUID::toString).orElse(null))
                .executeUpdate());
    }

    @Override
    public int purgeExpired(Instant now, int batch) {
        return StorageCalls.call("idempotency purge", () -> em.createNativeQuery(PURGE)
                .setParameter(1, Timestamp.from(now))
                .setParameter(2, batch)
                .executeUpdate());
    }
}
