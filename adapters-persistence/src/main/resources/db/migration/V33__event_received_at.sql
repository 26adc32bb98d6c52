-- Expands: the rows that grow with the events (processed-event records, the mutation trail, forward deliveries)
-- name when their event was received, so that a later release can keep each event's rows in the partition of
-- that day, with unique keys that hold the day: one event's rows, and every copy of one of them, then sit in one
-- partition, and retention drops a day of events with everything kept of them at once.
--
-- Nothing the release before reads or writes changes: a row it inserts without the column is stamped with the
-- time of its insert, and every row already there with the time of this migration, a moment after their events
-- (no row reads the column back for anything but the day it is kept with). The default is evaluated once for
-- the rows there, and kept in the catalogue: no row is rewritten, and each table is locked only for a moment.
SET LOCAL lock_timeout = '10s';

ALTER TABLE processed_event ADD COLUMN event_received_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE object_mutation ADD COLUMN event_received_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE forward_delivery ADD COLUMN event_received_at timestamptz NOT NULL DEFAULT now();
