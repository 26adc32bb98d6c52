-- The inbox becomes a table partitioned by day of received_at (V40), as the attempt history did (V30 to V32). Today's
-- table becomes its first partition, holding every row received before the cutover: the start of the seventh day
-- from today (UTC), late enough that no row the release before stores meanwhile is received later, even if V40 has to
-- wait for its locks for days. Its bound as a constraint first NOT VALID (no row is read while the table is locked),
-- validated by V39 without blocking writes. Adding it takes the table's lock for a moment: not waited for long behind
-- a long statement (the migration is run again at the next start).
SET LOCAL lock_timeout = '10s';

INSERT INTO time_partitioning (table_name, cutover)
VALUES ('webhook_inbox', (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '7 days') AT TIME ZONE 'UTC');

DO $$
BEGIN
    EXECUTE format('ALTER TABLE webhook_inbox ADD CONSTRAINT webhook_inbox_before_cutover'
                   ' CHECK (received_at < %L) NOT VALID',
                   (SELECT cutover FROM time_partitioning WHERE table_name = 'webhook_inbox'));
END
$$;
