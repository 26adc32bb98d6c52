-- pgbench script: one order placement, as Tambat commits POST /orders with a new Idempotency-Key
-- (OrderPlacement.claimAndPlace, one transaction), with the production statements:
--   1. PostgresIdempotencyStoreAdapter.boundClaimWaits, once per transaction: SET LOCAL lock_timeout (3 s, the
--      default wait); then PostgresIdempotencyStoreAdapter.claim: CLAIM;
--   2. PostgresOrderStoreAdapter.INSERT: the order;
--   3. OrderLines.INSERT: every line in one statement, from the lines as a JSON array;
--   4. PostgresOrderStoreAdapter.APPEND_CREATED: the order_outbox notification;
--   5. PostgresIdempotencyStoreAdapter.COMPLETE: the outcome and the answer as rendered, on the record.
-- Tambat binds its parameters; here they are pgbench variables (-D, bound as parameters with -M prepared) or
-- values of the same shape made in the statement:
--   idempotency key and checkout id: random numbers, new in every transaction;
--   order id: gen_random_uuid() in the order INSERT, which returns it (Tambat's INSERT returns nothing: it
--     made the id itself) to be bound into the later statements, as Tambat binds its own;
--   created_at and the times: now(); expires_at: now() plus the default retention of 24 hours;
--   lines, total, fingerprint and the rendered answer: those of the benchmark's own requests (-D).
\set key random(1, 9223372036854775806)
\set checkout random(1, 9223372036854775806)
BEGIN;
SET LOCAL lock_timeout = '3000ms';
INSERT INTO idempotency_requests (tenant_id, scope, idempotency_key, fingerprint, created_at, expires_at,
    operation_id, operation_request, next_attempt_at)
VALUES (:tenant, :scope, CAST(:key AS text), :fingerprint, now(), now() + interval '24 hours',
    CAST(NULL AS uuid), CAST(NULL AS text), CAST(NULL AS timestamptz))
ON CONFLICT (tenant_id, scope, idempotency_key) DO UPDATE
    SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at,
        expires_at = EXCLUDED.expires_at, outcome = NULL, response_body = NULL, resource_id = NULL,
        operation_id = EXCLUDED.operation_id, operation_request = EXCLUDED.operation_request,
        next_attempt_at = EXCLUDED.next_attempt_at, lease_until = NULL, attempt_count = 0
    WHERE idempotency_requests.expires_at <= EXCLUDED.created_at
      AND (idempotency_requests.operation_id IS NULL OR idempotency_requests.outcome IS NOT NULL)
RETURNING 1;
INSERT INTO orders (order_id, tenant_id, checkout_id, status, currency, coupon, total_minor, created_at)
VALUES (gen_random_uuid(), :tenant, CAST(:checkout AS text), :status, :currency, CAST(NULL AS text), :total, now())
ON CONFLICT (tenant_id, checkout_id) DO NOTHING
RETURNING CAST(order_id AS text) AS order_id
\gset
INSERT INTO order_line (order_id, line_no, sku, quantity, unit_price_minor)
SELECT CAST(:order_id AS uuid), CAST(e.ordinality - 1 AS integer), l.sku, l.quantity, l.unit_price_minor
FROM jsonb_array_elements(CAST(:lines AS jsonb)) WITH ORDINALITY AS e(line, ordinality),
     jsonb_to_record(e.line) AS l(sku text, quantity integer, unit_price_minor bigint);
INSERT INTO order_outbox (order_id, event_type, created_at) VALUES (CAST(:order_id AS uuid), 'OrderCreated', now());
UPDATE idempotency_requests SET outcome = :outcome, response_body = :response, resource_id = CAST(:order_id AS text)
WHERE tenant_id = :tenant AND scope = :scope AND idempotency_key = CAST(:key AS text);
END;
