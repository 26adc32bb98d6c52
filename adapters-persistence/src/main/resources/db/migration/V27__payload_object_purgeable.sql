-- Retention finds the rows whose payload object it may delete as it finds the ciphertexts it may drop
-- (webhook_inbox_purgeable): through an index over the rows that still name an object. Built CONCURRENTLY, so that
-- ingest and processing go on writing the inbox while it is built, hence a script of its own (as V25).
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_inbox_object_purgeable ON webhook_inbox (received_at)
    WHERE payload_object IS NOT NULL;
