-- Expands: a unique index on each mutation's event and its receipt, the key that keeps one mutation per event once
-- V49 partitions the trail by that time, and through which a delivery of a state change finds its mutation in its
-- day. Built CONCURRENTLY, as V45's.
-- unique already: inbox_id, unique in the trail since V2, so that no write the release before makes can break it.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS object_mutation_event_receipt
    ON object_mutation (inbox_id, event_received_at);
