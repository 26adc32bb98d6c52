-- The attempt history becomes a table partitioned by day of its rows' time (V32), whose retention drops a whole
-- day at a time. Today's table becomes its first partition, holding every row stamped before the cutover: the start
-- of the seventh day from today (UTC), late enough that no row the release before writes meanwhile is stamped later,
-- even if V32 has to wait for its locks for days. Kept here for V32 and for operators.
CREATE TABLE time_partitioning (
    table_name text        PRIMARY KEY,
    cutover    timestamptz NOT NULL
);

-- The days are added to a time of day in UTC, not to a timestamptz, whose day arithmetic follows the session's zone.
INSERT INTO time_partitioning (table_name, cutover)
VALUES ('webhook_inbox_history', (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '7 days') AT TIME ZONE 'UTC');

-- The bound the first partition will have, as a constraint first NOT VALID (no row is read while the table is
-- locked), then validated by V31 without blocking writes: attaching the table as a partition then reads no row.
DO $$
BEGIN
    EXECUTE format('ALTER TABLE webhook_inbox_history ADD CONSTRAINT webhook_inbox_history_before_cutover'
                   ' CHECK (at < %L) NOT VALID',
                   (SELECT cutover FROM time_partitioning WHERE table_name = 'webhook_inbox_history'));
END
$$;
