-- Expands: every row that grows with the events names its event's receipt exactly. V33 stamped the rows there then,
-- and those the release before it wrote while a deployment rolled, with the time of their write (a moment to days
-- after their event); every release since writes the receipt itself. Each such row takes its event's receipt here,
-- read from the inbox row that holds the event, so that a table partitioned by it keeps an event's rows in its day,
-- a unique key holding the receipt meets every copy of one of them (V47 for the mutation trail), and a statement
-- naming a row's receipt finds it in its day's partition. A row whose event is gone from the inbox keeps its time:
-- nothing is written for that event any more.
-- same for the release before: it reads a delivery's event by its receipt, and in the days before it when not
-- there, so an exact receipt finds the same event; it reads no other row's.
--
-- Each statement rewrites only the rows V33 stamped and takes no lock that stops the release before. On a large
-- deployment, run them beforehand in slices of the time, as docs/deploying.md shows ("Upgrading to the partitioned
-- mutation trail"): they change nothing they have done already, so that these then find little left to do.
UPDATE processed_event p SET event_received_at = i.received_at
FROM webhook_inbox i
WHERE i.inbox_id = p.inbox_id AND i.received_at <> p.event_received_at;

UPDATE object_mutation m SET event_received_at = i.received_at
FROM webhook_inbox i
WHERE i.inbox_id = m.inbox_id AND i.received_at <> m.event_received_at;

UPDATE forward_delivery f SET event_received_at = i.received_at
FROM webhook_inbox i
WHERE i.inbox_id = f.inbox_id AND i.received_at <> f.event_received_at;
