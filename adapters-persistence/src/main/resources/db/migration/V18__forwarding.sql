-- A payload's content type as it came, sent with it when the event is forwarded.
ALTER TABLE webhook_inbox ADD COLUMN content_type text;

-- One delivery of one message to one destination, written in the transaction that commits its cause, so it is
-- durable from that commit. Leased as every work queue is (next_attempt_at, lease_until, attempt_count as the
-- fencing token). The message id is the same on every copy: an event's is its inbox id.
CREATE TABLE forward_delivery (
    delivery_id     bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    destination_id  text        NOT NULL,
    message_type    text        NOT NULL CONSTRAINT forward_delivery_type_known
                                CHECK (message_type IN ('event', 'state-change')),
    message_id      text        NOT NULL,
    inbox_id        uuid        NOT NULL,
    status          text        NOT NULL DEFAULT 'PENDING' CONSTRAINT forward_delivery_status_known
                                CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempt_count   integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    lease_until     timestamptz,
    created_at      timestamptz NOT NULL,
    delivered_at    timestamptz,
    failed_at       timestamptz,
    last_error      text,
    last_status     integer,
    CONSTRAINT forward_delivery_once UNIQUE (destination_id, message_id),
    CONSTRAINT forward_delivery_lease_pending CHECK (lease_until IS NULL OR status = 'PENDING')
);

-- Due work per destination, and its oldest pending delivery.
CREATE INDEX forward_delivery_due ON forward_delivery (destination_id, next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX forward_delivery_pending_age ON forward_delivery (destination_id, created_at) WHERE status = 'PENDING';
CREATE INDEX forward_delivery_failed ON forward_delivery (destination_id, failed_at DESC) WHERE status = 'FAILED';
CREATE INDEX forward_delivery_delivered ON forward_delivery (destination_id, delivered_at DESC)
    WHERE status = 'DELIVERED';
CREATE INDEX forward_delivery_inbox ON forward_delivery (inbox_id);

ALTER TABLE forward_delivery SET (fillfactor = 70);
