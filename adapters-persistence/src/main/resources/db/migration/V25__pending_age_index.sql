-- The age of the oldest pending event is read every few seconds (a gauge, the stats call): through this index it
-- is the first entry of the pending rows, instead of a walk over all of them. Built CONCURRENTLY, so that ingest
-- and processing go on writing the inbox while it is built (the release before keeps running beside this one);
-- such a statement cannot run in a transaction, hence a script of its own. A lease rewrites no entry of it: the
-- lease changes lease_until only, and a row leaves the index when it ends PROCESSED or FAILED.
-- IF NOT EXISTS: a build cut short (the server stopped during it) leaves an invalid index of this name, which
-- PostgreSQL keeps up to date but never reads; the server then starts all the same, and the age is read the slow
-- way until an operator rebuilds it (docs/deploying.md, "An index built while the inbox is written").
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_inbox_pending_age ON webhook_inbox (received_at)
    WHERE status = 'RECEIVED';
