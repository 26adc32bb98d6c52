-- The keys by their rows' time of receipt: retention deletes, in batches, the keys whose rows went with their day's
-- partition. A time only grows, so each key's entry goes at the right edge of the index. Built CONCURRENTLY, as the
-- release before writes the keys meanwhile.
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_event_key_received ON webhook_event_key (received_at);
