-- Expands: every stored event has its key in webhook_event_key, naming the row that holds it, before V40 leaves the
-- key table alone to decide duplicates. The release before writes a key with each row it stores and deletes it with
-- the row; only rows stored by releases before it lack one, or have a key naming a row deleted without it (such a
-- release's retention) while the event was stored again. Those are made to name their rows here.
--
-- One statement over the whole inbox (a hash join with the keys), taking no lock that stops the release before
-- writing either table. On an inbox of many millions of rows, run it beforehand in slices of received_at, as
-- docs/deploying.md shows: it changes nothing it has done already, so that this one then finds little to do.
INSERT INTO webhook_event_key AS k (provider, endpoint_id, provider_event_id, inbox_id, received_at)
SELECT i.provider, i.endpoint_id, i.provider_event_id, i.inbox_id, i.received_at
FROM webhook_inbox i
    LEFT JOIN webhook_event_key named ON named.provider = i.provider AND named.endpoint_id = i.endpoint_id
        AND named.provider_event_id = i.provider_event_id
WHERE named.inbox_id IS DISTINCT FROM i.inbox_id
ON CONFLICT (provider, endpoint_id, provider_event_id) DO UPDATE
    SET inbox_id = EXCLUDED.inbox_id, received_at = EXCLUDED.received_at;
