-- The mutation trail becomes a table partitioned by day of its events' receipt (V49), as the inbox did (V38 to V40):
-- each event's mutation in its event's day, which retention drops whole with the day's events. Today's table becomes
-- its first partition, holding every mutation of an event received before the cutover: the start of the seventh day
-- from today (UTC). Its bound as a constraint first NOT VALID (no row is read while the table is locked), validated
-- by V48 without blocking writes. Adding it takes the table's lock for a moment, not waited for long behind a long
-- statement (the migration is run again at the next start).
SET LOCAL lock_timeout = '10s';

INSERT INTO time_partitioning (table_name, cutover)
VALUES ('object_mutation', (date_trunc('day', now() AT TIME ZONE 'UTC') + interval '7 days') AT TIME ZONE 'UTC');

DO $$
BEGIN
    EXECUTE format('ALTER TABLE object_mutation ADD CONSTRAINT object_mutation_before_cutover'
                   ' CHECK (event_received_at < %L) NOT VALID',
                   (SELECT cutover FROM time_partitioning WHERE table_name = 'object_mutation'));
END
$$;
