-- Every work queue leases the same way: next_attempt_at says when an item is due, lease_until how long the
-- worker holding it owns it, and attempt_count, raised by every lease, counts attempts at lease time and is the
-- fencing token every completion names. Long operations took other names for the same idea.
ALTER TABLE idempotency_requests RENAME COLUMN lease_expires_at TO lease_until;
ALTER TABLE idempotency_requests RENAME COLUMN attempt_token TO attempt_count;
ALTER TABLE idempotency_requests ALTER COLUMN attempt_count TYPE integer;
ALTER TABLE idempotency_requests ADD COLUMN next_attempt_at timestamptz;

-- Operations still running: due now, and not leased yet unless a worker holds them (a future lease end).
UPDATE idempotency_requests SET next_attempt_at = created_at,
    lease_until = CASE WHEN lease_until > now() THEN lease_until END
WHERE operation_id IS NOT NULL AND response_status IS NULL;

DROP INDEX idempotency_operations_due;
CREATE INDEX idempotency_operations_due ON idempotency_requests (next_attempt_at)
    WHERE operation_id IS NOT NULL AND response_status IS NULL;

-- FAILED order deliveries, for operators.
CREATE INDEX order_outbox_failed ON order_outbox (failed_at DESC) WHERE failed_at IS NOT NULL;
