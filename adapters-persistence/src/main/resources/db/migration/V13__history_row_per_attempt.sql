-- A delivery's history used to take three rows: RECEIVED when it was stored, PROCESSING when a worker leased
-- it and PROCESSED when the worker finished, each with two index entries and a foreign-key check. The first two
-- are on the inbox row already: its received_at, and the start of its latest attempt (leased_at, set in place
-- with the lease). History now keeps one row per attempt that ended, holding the attempt's start beside its
-- outcome, plus one per operator's redrive and one per attempt lost with its worker (recorded when the next
-- lease takes the row over). Operators read the same list of statuses as before
-- (PostgresInboxQueryAdapter.HISTORY); ingest writes no history row at all.
ALTER TABLE webhook_inbox ADD COLUMN leased_at timestamptz;
ALTER TABLE webhook_inbox_history ADD COLUMN attempt_started_at timestamptz;

-- A row leased now: its attempt's start moves from its last PROCESSING entry onto the row.
UPDATE webhook_inbox i SET leased_at = COALESCE(
        (SELECT max(h.at) FROM webhook_inbox_history h WHERE h.inbox_id = i.inbox_id AND h.status = 'PROCESSING'),
        i.received_at)
WHERE lease_until IS NOT NULL;
DELETE FROM webhook_inbox_history WHERE history_id IN (
    SELECT max(h.history_id) FROM webhook_inbox_history h JOIN webhook_inbox i USING (inbox_id)
    WHERE i.lease_until IS NOT NULL AND h.status = 'PROCESSING'
    GROUP BY h.inbox_id);
ALTER TABLE webhook_inbox ADD CONSTRAINT webhook_inbox_lease_started
    CHECK (lease_until IS NULL OR leased_at IS NOT NULL);

-- Every row's first entry, RECEIVED at its received_at, is read from the row itself.
DELETE FROM webhook_inbox_history WHERE history_id IN (
    SELECT min(history_id) FROM webhook_inbox_history GROUP BY inbox_id)
  AND status = 'RECEIVED';
