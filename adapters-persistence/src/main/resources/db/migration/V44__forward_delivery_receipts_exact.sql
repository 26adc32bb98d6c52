-- Expands: each forward delivery names its event's exact receipt, as V42 does for the processed-event records (the
-- reasons are there); its lease then reads the event and the mutation in their day by it.
-- same for the release before: it reads a delivery's event by its receipt, and in the days before it when not
-- there, so an exact receipt finds the same event.
UPDATE forward_delivery f SET event_received_at = i.received_at
FROM webhook_inbox i
WHERE i.inbox_id = f.inbox_id AND i.received_at <> f.event_received_at;
