-- contracts: the inbox's unique key on (provider, endpoint_id, provider_event_id), which the release before inserts
-- under with no conflict target and which webhook_event_key holds as well (V34, filled by V35), and the primary key
-- on inbox_id alone, which becomes (inbox_id, received_at). Nothing else the release before reads or writes:
-- webhook_inbox becomes a table partitioned by the day of received_at, with the same columns, defaults, checks and
-- indexes, so the release before inserts, leases, reads and deletes its rows as it did; the rows it held stay where
-- they are, in its first partition, webhook_inbox_before.
--
-- Partitioned by day, the inbox is a day's table per day, created ahead by the server, and retention can go by days.
-- A provider's retry arriving on another day still finds its event through the event keys, a table that stays whole.
--
-- The table is renamed and attached as a partition in one short transaction: V39's validated bound spares the attach
-- a read of its rows, and it takes over the indexes V36 and V37 built beside the others. A lock is not waited for
-- long; the migration is run again at the next start.
SET LOCAL lock_timeout = '10s';

-- An invalid index (a CONCURRENTLY build cut short: V25, V27, V36, V37) would not be taken over: the attach would
-- build a new one over the whole table under the lock. Stop instead, naming them.
DO $$
DECLARE
    invalid text;
BEGIN
    SELECT string_agg(CAST(indexrelid AS regclass) || '', ', ') INTO invalid
    FROM pg_index WHERE indrelid = CAST('webhook_inbox' AS regclass) AND NOT indisvalid;
    IF invalid IS NOT NULL THEN
        RAISE EXCEPTION 'invalid indexes on webhook_inbox (a build cut short): %; drop each with DROP INDEX '
            'CONCURRENTLY, build it again with the statement of the migration that made it, and start again '
            '(docs/deploying.md, "An index built while the inbox is written")', invalid;
    END IF;
END
$$;

LOCK TABLE webhook_inbox IN ACCESS EXCLUSIVE MODE;

ALTER TABLE webhook_inbox DROP CONSTRAINT webhook_inbox_event_key;
ALTER TABLE webhook_inbox DROP CONSTRAINT webhook_inbox_pkey;
ALTER TABLE webhook_inbox ADD CONSTRAINT webhook_inbox_before_pkey PRIMARY KEY USING INDEX webhook_inbox_row_receipt;
ALTER TABLE webhook_inbox RENAME TO webhook_inbox_before;
-- Index names are the schema's: the partitioned table's indexes keep the names every statement and document know.
ALTER INDEX webhook_inbox_event RENAME TO webhook_inbox_before_event;
ALTER INDEX webhook_inbox_secret_match RENAME TO webhook_inbox_before_secret_match;
ALTER INDEX webhook_inbox_listing RENAME TO webhook_inbox_before_listing;
ALTER INDEX webhook_inbox_failed RENAME TO webhook_inbox_before_failed;
ALTER INDEX webhook_inbox_purgeable RENAME TO webhook_inbox_before_purgeable;
ALTER INDEX webhook_inbox_due RENAME TO webhook_inbox_before_due;
ALTER INDEX webhook_inbox_pending_age RENAME TO webhook_inbox_before_pending_age;
ALTER INDEX webhook_inbox_object_purgeable RENAME TO webhook_inbox_before_object_purgeable;

-- The same columns, defaults and checks; not the cutover's bound, which is the first partition's alone. A partitioned
-- table keeps no storage parameters: each day's partition takes those of the day before (fillfactor 60, V12).
CREATE TABLE webhook_inbox (LIKE webhook_inbox_before INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)
    PARTITION BY RANGE (received_at);
ALTER TABLE webhook_inbox DROP CONSTRAINT webhook_inbox_before_cutover;
ALTER TABLE webhook_inbox ADD CONSTRAINT webhook_inbox_pkey PRIMARY KEY (inbox_id, received_at);
CREATE INDEX webhook_inbox_event ON ONLY webhook_inbox (provider, endpoint_id, provider_event_id);
CREATE INDEX webhook_inbox_secret_match ON ONLY webhook_inbox (endpoint_id, matched_secret_version, received_at);
CREATE INDEX webhook_inbox_listing ON ONLY webhook_inbox (received_at DESC);
CREATE INDEX webhook_inbox_failed ON ONLY webhook_inbox (status) WHERE status = 'FAILED';
CREATE INDEX webhook_inbox_purgeable ON ONLY webhook_inbox (received_at) WHERE payload_ciphertext IS NOT NULL;
CREATE INDEX webhook_inbox_due ON ONLY webhook_inbox (next_attempt_at) WHERE status = 'RECEIVED';
CREATE INDEX webhook_inbox_pending_age ON ONLY webhook_inbox (received_at) WHERE status = 'RECEIVED';
CREATE INDEX webhook_inbox_object_purgeable ON ONLY webhook_inbox (received_at) WHERE payload_object IS NOT NULL;

DO $$
BEGIN
    EXECUTE format('ALTER TABLE webhook_inbox ATTACH PARTITION webhook_inbox_before FOR VALUES FROM (MINVALUE) TO (%L)',
                   (SELECT cutover FROM time_partitioning WHERE table_name = 'webhook_inbox'));
END
$$;
