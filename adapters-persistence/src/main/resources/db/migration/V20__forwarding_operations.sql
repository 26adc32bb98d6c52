-- A FAILED delivery an operator gave up (skipped): it releases the later messages of its ordering key.
ALTER TABLE forward_delivery DROP CONSTRAINT forward_delivery_status_known;
ALTER TABLE forward_delivery ADD CONSTRAINT forward_delivery_status_known
    CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED', 'SKIPPED'));
ALTER TABLE forward_delivery ADD COLUMN skipped_at timestamptz;

-- Per-object ordering: a pending delivery waits while an earlier one of its key is pending or FAILED; this
-- finds that earlier one, and the keys a FAILED delivery holds.
CREATE INDEX forward_delivery_key_order ON forward_delivery (destination_id, ordering_key, delivery_id)
    WHERE status IN ('PENDING', 'FAILED');

-- The destinations an operator paused: none of their deliveries is leased, on any instance, until resumed.
CREATE TABLE forward_destination_pause (
    destination_id text        PRIMARY KEY,
    paused_at      timestamptz NOT NULL
);
