-- Expands: each mutation of the trail names its event's exact receipt, as V42 does for the processed-event records
-- (the reasons are there).
-- same for the release before: it writes a mutation with the receipt it reads from the inbox and reads the column
-- of none.
UPDATE object_mutation m SET event_received_at = i.received_at
FROM webhook_inbox i
WHERE i.inbox_id = m.inbox_id AND i.received_at <> m.event_received_at;
