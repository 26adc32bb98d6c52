-- Expands: every row that grows with the events names its event's receipt exactly, here the processed-event
-- records, in V43 the mutation trail and in V44 the forward deliveries. V33 stamped the rows there then, and those
-- the release before it wrote while a deployment rolled, with the time of their write (a moment to days after their
-- event); every release since writes the receipt itself. Each such row takes its event's receipt, read from the
-- inbox row that holds the event, so that a table partitioned by it keeps an event's rows in its day, a unique key
-- holding the receipt meets every copy of one of them (V49 for the mutation trail), and a statement naming a row's
-- receipt finds it in its day's partition. A row whose event is gone from the inbox keeps its time: nothing is
-- written for that event any more.
-- same for the release before: it writes a record with the receipt it reads from the inbox and never reads the
-- column back.
--
-- One table a migration, each a transaction of its own: it takes no lock that stops the release before, and holds
-- the rows it rewrites (those of events older than V33's release, which the release before seldom writes again)
-- only until its table is done. On a large deployment, run these statements beforehand in slices of the time, as
-- docs/deploying.md shows ("The mutation trail, from earlier releases"): each changes nothing it has done already,
-- so that these then find little left to do.
UPDATE processed_event p SET event_received_at = i.received_at
FROM webhook_inbox i
WHERE i.inbox_id = p.inbox_id AND i.received_at <> p.event_received_at;
