-- Long operations (Prefer: respond-async). The idempotency record itself is the operation: committed
-- IN_PROGRESS (no response yet) with the request to run, and leased by workers. Every lease, the first or a
-- takeover after expiry, raises attempt_token; every completion write checks it, so a worker that paused
-- past its lease can never overwrite the result of the one that took over.
ALTER TABLE idempotency_requests
    ADD COLUMN operation_id      uuid CONSTRAINT idempotency_operation_once UNIQUE,
    ADD COLUMN operation_request text,
    ADD COLUMN lease_expires_at  timestamptz,
    ADD COLUMN attempt_token     bigint NOT NULL DEFAULT 0;

CREATE INDEX idempotency_operations_due ON idempotency_requests (lease_expires_at)
    WHERE operation_id IS NOT NULL AND response_status IS NULL;
