-- Delivery state of each OrderCreated notification: leased, retried with backoff, each downstream step
-- recorded once done so a retry repeats only what did not finish (with the same idempotency key).
ALTER TABLE order_outbox
    ADD COLUMN attempt_count   integer     NOT NULL DEFAULT 0,
    ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN lease_until     timestamptz,
    ADD COLUMN last_error      text,
    ADD COLUMN charged_at      timestamptz,
    ADD COLUMN reserved_at     timestamptz,
    ADD COLUMN failed_at       timestamptz;

CREATE INDEX order_outbox_due ON order_outbox (next_attempt_at) WHERE published_at IS NULL AND failed_at IS NULL;
