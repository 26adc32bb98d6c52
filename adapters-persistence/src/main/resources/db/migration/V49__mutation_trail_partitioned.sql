-- contracts: the trail's primary key on mutation_id alone and its unique key on inbox_id alone, which become
-- (mutation_id, event_received_at) and (inbox_id, event_received_at): the same rows stay apart, since every mutation
-- names its event's exact receipt (V43, and every write since V33's release). Nothing else the release before reads
-- or writes: object_mutation becomes a table partitioned by the day of event_received_at, with the same columns and
-- defaults, so the release before inserts, reads and purges it as it did; the rows it held stay where they are, in
-- its first partition, object_mutation_before.
--
-- Partitioned by day, an event's mutation sits in its event's day, and retention drops a day of the trail at once,
-- keeping only the mutations an unfinished delivery of a state change still has to send.
--
-- The table is renamed and attached as a partition in one short transaction: V48's validated bound spares the attach
-- a read of its rows, and it takes over the indexes V45 and V46 built. A lock is not waited for long; the migration
-- is run again at the next start.
SET LOCAL lock_timeout = '10s';

-- An invalid index (V45's or V46's build cut short) would not be taken over: the attach would build a new one over
-- the whole table under the lock. Stop instead, naming them.
DO $$
DECLARE
    invalid text;
BEGIN
    SELECT string_agg(CAST(indexrelid AS regclass) || '', ', ') INTO invalid
    FROM pg_index WHERE indrelid = CAST('object_mutation' AS regclass) AND NOT indisvalid;
    IF invalid IS NOT NULL THEN
        RAISE EXCEPTION 'invalid indexes on object_mutation (a build cut short): %; drop each with DROP INDEX '
            'CONCURRENTLY, build it again with the statement of the migration that made it, and start again '
            '(docs/deploying.md, "The mutation trail, from earlier releases")', invalid;
    END IF;
END
$$;

LOCK TABLE object_mutation IN ACCESS EXCLUSIVE MODE;

ALTER TABLE object_mutation DROP CONSTRAINT object_mutation_inbox_id_key;
ALTER TABLE object_mutation DROP CONSTRAINT object_mutation_pkey;
ALTER TABLE object_mutation ADD CONSTRAINT object_mutation_before_pkey
    PRIMARY KEY USING INDEX object_mutation_row_receipt;
ALTER TABLE object_mutation ADD CONSTRAINT object_mutation_before_once
    UNIQUE USING INDEX object_mutation_event_receipt;
ALTER TABLE object_mutation RENAME TO object_mutation_before;

-- The same columns, defaults and checks; not the cutover's bound, which is the first partition's alone. The ids go
-- on from the same sequence, owned by the partitioned table so that dropping its first partition keeps it.
CREATE TABLE object_mutation (LIKE object_mutation_before INCLUDING DEFAULTS INCLUDING CONSTRAINTS
    INCLUDING STORAGE) PARTITION BY RANGE (event_received_at);
ALTER TABLE object_mutation DROP CONSTRAINT object_mutation_before_cutover;
ALTER SEQUENCE object_mutation_mutation_id_seq OWNED BY object_mutation.mutation_id;
ALTER TABLE object_mutation ADD CONSTRAINT object_mutation_pkey PRIMARY KEY (mutation_id, event_received_at);
ALTER TABLE object_mutation ADD CONSTRAINT object_mutation_once UNIQUE (inbox_id, event_received_at);

DO $$
BEGIN
    EXECUTE format('ALTER TABLE object_mutation ATTACH PARTITION object_mutation_before'
                   ' FOR VALUES FROM (MINVALUE) TO (%L)',
                   (SELECT cutover FROM time_partitioning WHERE table_name = 'object_mutation'));
END
$$;
