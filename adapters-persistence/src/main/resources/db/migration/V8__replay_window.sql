-- Bodies accepted on endpoints with a replay window (for providers that sign no timestamp): within the window,
-- a body accepted again is a duplicate whatever its delivery id. The primary key decides, in the transaction
-- that stores the event; a row older than the window is taken over by the next acceptance of that body.
CREATE TABLE webhook_body_seen (
    endpoint_id    text        NOT NULL,
    payload_sha256 bytea       NOT NULL,
    inbox_id       uuid        NOT NULL,
    seen_at        timestamptz NOT NULL,
    PRIMARY KEY (endpoint_id, payload_sha256)
);

CREATE INDEX webhook_body_seen_age ON webhook_body_seen (seen_at);
