-- Finished inbox rows are purged after tambat.retention.finished-rows. Their history goes with them through
-- its foreign key, which has an index to follow. The outbox's foreign key has none: following it would scan
-- the outbox once per purged row, and checking it costs every ingested delivery a lookup. Published outbox
-- rows are purged on their own, oldest first, and a row is purged only once its notifications are published.
ALTER TABLE webhook_outbox DROP CONSTRAINT IF EXISTS webhook_outbox_inbox_id_fkey;
