-- contracts: the foreign key from webhook_inbox_history to webhook_inbox, and with it the deletion of a row's
-- history with the row: the history goes by its day instead. Nothing else the release before reads or writes:
-- webhook_inbox_history becomes a table partitioned by the day of "at", with the same columns and defaults, so the
-- release before inserts and reads it as it did; the rows it held stay where they are, in its first partition,
-- webhook_inbox_history_before.
--
-- The attempt history grows with the traffic (a row per attempt) and is kept as long as finished inbox rows.
-- Partitioned by day, retention drops a day of it at once: no row-by-row delete, no vacuum debt. A row kept
-- longer than that (FAILED, waiting for an operator) keeps its status, attempt count and last error in its inbox
-- row; its attempt history goes with its day. The server creates each day's partition ahead of time.
--
-- Without the foreign key, dropping a day never locks the inbox, and deleting an inbox row no longer looks for its
-- history in every partition: the history of a row retention deleted goes with its day, a day or so later.
--
-- The table is renamed and attached as a partition in one short transaction: V31's validated bound spares the
-- attach a read of its rows, and its index and sequence are taken over as they are. The partitioned table has no
-- primary key (one would have to include "at"); history_id stays unique by its sequence. The inbox is locked first,
-- in the order the release before's workers take the two tables (the row, then its history), so that the two never
-- wait for each other; and no lock is waited for long.
SET LOCAL lock_timeout = '10s';
LOCK TABLE webhook_inbox IN SHARE ROW EXCLUSIVE MODE;

ALTER TABLE webhook_inbox_history DROP CONSTRAINT webhook_inbox_history_inbox_id_fkey;
ALTER TABLE webhook_inbox_history RENAME TO webhook_inbox_history_before;

CREATE TABLE webhook_inbox_history (
    history_id         bigint      NOT NULL DEFAULT nextval('webhook_inbox_history_history_id_seq'),
    inbox_id           uuid        NOT NULL,
    status             text        NOT NULL,
    at                 timestamptz NOT NULL,
    attempt_started_at timestamptz
) PARTITION BY RANGE (at);

ALTER SEQUENCE webhook_inbox_history_history_id_seq OWNED BY webhook_inbox_history.history_id;

-- Each partition's index leads to a row's attempts; the table before already has it (webhook_inbox_history_row),
-- which the attach takes over rather than builds again.
CREATE INDEX webhook_inbox_history_attempts ON ONLY webhook_inbox_history (inbox_id, history_id);

DO $$
BEGIN
    EXECUTE format('ALTER TABLE webhook_inbox_history ATTACH PARTITION webhook_inbox_history_before'
                   ' FOR VALUES FROM (MINVALUE) TO (%L)',
                   (SELECT cutover FROM time_partitioning WHERE table_name = 'webhook_inbox_history'));
END
$$;
