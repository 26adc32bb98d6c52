-- The attempt history becomes a table partitioned by day of its rows' time (V32), whose retention drops a whole
-- day at a time. Today's table becomes its first partition, holding every row stamped before the cutover: the
-- start of the day after tomorrow (UTC), late enough that no row the release before writes meanwhile is stamped
-- later. Kept here for V32 and for the server, which creates the daily partitions from the cutover on.
CREATE TABLE time_partitioning (
    table_name text        PRIMARY KEY,
    cutover    timestamptz NOT NULL
);

INSERT INTO time_partitioning (table_name, cutover)
VALUES ('webhook_inbox_history', date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '2 days');

-- The bound the first partition will have, as a constraint first NOT VALID (no row is read while the table is
-- locked), then validated by V31 without blocking writes: attaching the table as a partition then reads no row.
DO $$
BEGIN
    EXECUTE format('ALTER TABLE webhook_inbox_history ADD CONSTRAINT webhook_inbox_history_before_cutover'
                   ' CHECK (at < %L) NOT VALID',
                   (SELECT cutover FROM time_partitioning WHERE table_name = 'webhook_inbox_history'));
END
$$;
