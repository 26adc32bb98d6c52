-- Expands: an index on each row's event (provider, endpoint, the provider's event id) that is not unique, for the
-- look-ups by event (an operator's search, reconciliation, the release before's duplicates) once V40 drops the
-- inbox's unique key on it, which a table partitioned by time cannot keep (webhook_event_key decides duplicates).
-- Built CONCURRENTLY like V36, for V40 to take over.
CREATE INDEX CONCURRENTLY IF NOT EXISTS webhook_inbox_event ON webhook_inbox (provider, endpoint_id, provider_event_id);
