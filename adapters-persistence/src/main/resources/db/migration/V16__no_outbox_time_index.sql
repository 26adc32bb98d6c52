-- V14's BRIN index on webhook_outbox.created_at doubled the database's CPU per delivery with processing on
-- (every outbox insert and every publication's update enters it), so the outbox goes without an index on time;
-- the reconciliation's read of a range's outbox does without it (README, Known limits).
DROP INDEX IF EXISTS webhook_outbox_created;
