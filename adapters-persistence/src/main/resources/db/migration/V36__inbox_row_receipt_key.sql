-- Expands: a unique index on each row's id and time of receipt, the primary key the inbox will have once V40
-- partitions it by that time (a partitioned table's unique keys hold its partition key). Built CONCURRENTLY while the
-- release before writes the inbox, so that V40 takes it over instead of building one under its lock; a script of its
-- own, as such a statement cannot run in a transaction. A build cut short leaves an invalid index of this name: V40
-- then stops and says how to build it again (docs/deploying.md, "An index built while the inbox is written").
-- unique already: inbox_id, the table's primary key, so that no write the release before makes can break it.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS webhook_inbox_row_receipt ON webhook_inbox (inbox_id, received_at);
