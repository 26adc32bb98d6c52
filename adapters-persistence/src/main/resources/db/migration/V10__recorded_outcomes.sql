-- An idempotency record keeps what happened (the domain's OrderResult) beside the bytes its client received,
-- not the HTTP status that rendered it: the edge derives the status from the result. The scope names the
-- operation the key belongs to, not a route.
ALTER TABLE idempotency_requests ADD COLUMN outcome text;

UPDATE idempotency_requests SET outcome = CASE response_status
        WHEN 201 THEN 'CREATED'
        WHEN 422 THEN 'COUPON_INVALID'
        WHEN 409 THEN 'CHECKOUT_ALREADY_ORDERED'
        ELSE 'OPERATION_FAILED' END
WHERE response_status IS NOT NULL;

DROP INDEX idempotency_operations_due;
ALTER TABLE idempotency_requests DROP COLUMN response_status;
CREATE INDEX idempotency_operations_due ON idempotency_requests (next_attempt_at)
    WHERE operation_id IS NOT NULL AND outcome IS NULL;

ALTER TABLE idempotency_requests RENAME COLUMN endpoint TO scope;
UPDATE idempotency_requests SET scope = 'ORDER_PLACEMENT' WHERE scope = 'POST /orders';
