-- Expands: a unique index on each mutation's id and its event's receipt, the primary key the trail will have once
-- V49 partitions it by that time (a partitioned table's unique keys hold its partition key). Built CONCURRENTLY
-- while the release before writes the trail, so that V49 takes it over instead of building one under its lock. A
-- build cut short leaves an invalid index of this name: V49 then stops and says how to build it again.
-- unique already: mutation_id, the trail's primary key, so that no write the release before makes can break it.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS object_mutation_row_receipt
    ON object_mutation (mutation_id, event_received_at);
