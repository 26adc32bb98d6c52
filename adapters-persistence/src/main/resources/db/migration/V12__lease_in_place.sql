-- A lease no longer rewrites the row's status: a leased row stays RECEIVED with lease_until set, and reads
-- show it as PROCESSING. No indexed column then changes when a worker leases a row, so PostgreSQL rewrites
-- the row in place (a heap-only update) instead of adding an entry to each of the table's seven indexes; the
-- free space the fill factor leaves on each page is where those in-place versions go. Completions still end
-- the lease and move the status in one statement, and the history still records each lease as PROCESSING.
UPDATE webhook_inbox SET status = 'RECEIVED' WHERE status = 'PROCESSING';

ALTER TABLE webhook_inbox DROP CONSTRAINT webhook_inbox_status_known;
ALTER TABLE webhook_inbox ADD CONSTRAINT webhook_inbox_status_known
    CHECK (status IN ('RECEIVED', 'PROCESSED', 'FAILED'));
-- Only pending work is leased: every completion clears the lease with the status it sets.
ALTER TABLE webhook_inbox ADD CONSTRAINT webhook_inbox_lease_pending
    CHECK (lease_until IS NULL OR status = 'RECEIVED');

DROP INDEX webhook_inbox_due;
CREATE INDEX webhook_inbox_due ON webhook_inbox (next_attempt_at) WHERE status = 'RECEIVED';

ALTER TABLE webhook_inbox SET (fillfactor = 60);
