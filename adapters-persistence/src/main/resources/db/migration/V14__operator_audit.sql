-- Every operator action that changes work or trust: who, what, when, on which item or selection, and how many
-- items it changed. A bulk action is recorded before its first batch and its count grows with each batch that
-- commits, so the count never says more than what committed. Never a secret or a payload.
CREATE TABLE operator_action (
    action_id   uuid        PRIMARY KEY,
    actor       text        NOT NULL,
    action      text        NOT NULL,
    target      text,
    filter      jsonb       NOT NULL DEFAULT '{}',
    item_count  bigint      NOT NULL DEFAULT 0,
    at          timestamptz NOT NULL
);

CREATE INDEX operator_action_recent ON operator_action (at DESC);

-- Reconciliation reads the outbox notifications written in a time range. A BRIN index suits a column that only
-- grows with the table: it costs ingest almost nothing, unlike a b-tree on the hot path.
CREATE INDEX webhook_outbox_created ON webhook_outbox USING brin (created_at);
