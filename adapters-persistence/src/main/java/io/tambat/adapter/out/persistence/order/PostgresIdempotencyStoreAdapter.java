package io.tambat.adapter.out.persistence.order;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NativeResults;
import io.tambat.adapter.out.persistence.jdbc.RetentionDeletes;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.error.IdempotencyInProgressException;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.IdempotencyScope;
import io.tambat.domain.model.order.PendingOperation;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import io.tambat.domain.port.out.order.IdempotencyStorePort;
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

    /** Bounds the claim's wait for a record another transaction is writing; for this transaction only. */
    private static final String LOCK_TIMEOUT = "SELECT set_config('lock_timeout', ?, true)";

    /** On the enlisted JDBC connection, as every statement of a placement's transaction. */
    private static final String CLAIM = """
            INSERT INTO idempotency_requests (tenant_id, scope, idempotency_key, fingerprint, created_at, expires_at,
                operation_id, operation_request, next_attempt_at)
            VALUES (?, ?, ?, ?, ?, ?, CAST(? AS uuid), CAST(? AS text), CAST(? AS timestamptz))
            ON CONFLICT (tenant_id, scope, idempotency_key) DO UPDATE
                SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at,
                    expires_at = EXCLUDED.expires_at, outcome = NULL, response_body = NULL, resource_id = NULL,
                    operation_id = EXCLUDED.operation_id, operation_request = EXCLUDED.operation_request,
                    next_attempt_at = EXCLUDED.next_attempt_at, lease_until = NULL, attempt_count = 0
                WHERE idempotency_requests.expires_at <= EXCLUDED.created_at
                  AND (idempotency_requests.operation_id IS NULL OR idempotency_requests.outcome IS NOT NULL)
            RETURNING 1""";

    private static final String EXISTING = """
            SELECT fingerprint, outcome, response_body, resource_id, CAST(operation_id AS text)
            FROM idempotency_requests WHERE tenant_id = ?1 AND scope = ?2 AND idempotency_key = ?3""";

    private static final String COMPLETE = """
            UPDATE idempotency_requests SET outcome = ?, response_body = ?, resource_id = CAST(? AS text)
            WHERE tenant_id = ? AND scope = ? AND idempotency_key = ?""";

    private static final String PURGE = """
            DELETE FROM idempotency_requests WHERE ctid IN (
                SELECT ctid FROM idempotency_requests WHERE expires_at < ?1
                  AND (operation_id IS NULL OR outcome IS NOT NULL) LIMIT ?2)""";

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public void boundClaimWaits(Duration wait) {
        StorageCalls.call("idempotency claim wait", () -> EnlistedConnection.query(em, LOCK_TIMEOUT,
                (connection, statement) -> statement.setString(1, Math.max(1, wait.toMillis()) + "ms"),
                row -> row.getString(1)));
    }

    @Override
    public Claim claim(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, String fingerprint,
            Optional<PendingOperation> operation, Instant now, Instant expiresAt) {
        try {
            List<Integer> claimed = EnlistedConnection.query(em, CLAIM, (connection, statement) -> {
                statement.setString(1, tenant.value());
                statement.setString(2, scope.name());
                statement.setString(3, key.value());
                statement.setString(4, fingerprint);
                statement.setTimestamp(5, Timestamp.from(now));
                statement.setTimestamp(6, Timestamp.from(expiresAt));
                statement.setString(7, operation.map(pending -> pending.id().toString()).orElse(null));
                statement.setString(8, operation.map(pending -> OperationRequestJson.write(pending.request()))
                        .orElse(null));
                statement.setTimestamp(9, operation.map(pending -> Timestamp.from(now)).orElse(null));
            }, row -> row.getInt(1));
            if (!claimed.isEmpty()) {
                return new Claim.Owned();
            }
            return NativeResults.row(em.createNativeQuery(EXISTING)
                    .setParameter(1, tenant.value())
                    .setParameter(2, scope.name())
                    .setParameter(3, key.value()), IdempotencyRows::existing);
        } catch (RuntimeException e) {
            if (StorageCalls.lockNotAvailable(e)) {
                throw new IdempotencyInProgressException();
            }
            throw StorageCalls.translate("idempotency claim", e);
        }
    }

    @Override
    public void complete(TenantId tenant, IdempotencyScope scope, IdempotencyKey key, RecordedOutcome outcome) {
        StorageCalls.call("idempotency outcome", () -> EnlistedConnection.update(em, COMPLETE,
                (connection, statement) -> {
                    statement.setString(1, outcome.result().name());
                    statement.setString(2, outcome.representation());
                    statement.setString(3, outcome.orderId().map(UUID::toString).orElse(null));
                    statement.setString(4, tenant.value());
                    statement.setString(5, scope.name());
                    statement.setString(6, key.value());
                }));
    }

    @Override
    public int purgeExpired(Instant now, int batch) {
        return RetentionDeletes.run(em, "idempotency purge", PURGE, now, batch);
    }
}
