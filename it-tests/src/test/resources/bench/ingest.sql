-- pgbench script: one ingest transaction, as Tambat commits it for a new signed ~10 KiB GitHub delivery
-- (InboxAcceptance.accept, one transaction) for an endpoint no forwarding destination takes, with the
-- production statement PostgresInboxAdapter.INSERT_ALL: the event's key in webhook_event_key and the webhook_inbox
-- row, and nothing else (no notification: workers find the row by leasing it).
-- Tambat binds its parameters; here they are pgbench variables (-D, bound as parameters with -M prepared) or
-- values of the same shape made in the statement:
--   inbox id and delivery id: gen_random_uuid(), fresh in every transaction (Tambat makes the inbox id itself);
--   received_at and next_attempt_at (both ?9), created_at: now();
--   payload_ciphertext: 10,268 random bytes (what AES-GCM makes of a 10,240-byte body, with its 12-byte nonce
--     and 16-byte tag), bound as a parameter as Tambat binds its ciphertext. Random, so TOAST cannot compress
--     it, as it cannot compress a ciphertext. The same bytes in every transaction: PostgreSQL stores each row's
--     value on its own, so they cost it what a fresh ciphertext would. Making fresh bytes in the statement
--     instead (pgcrypto's gen_random_bytes) measured 10-15 % fewer transactions per second on two cores:
--     work that is not part of Tambat's transaction;
--   payload_sha256: 32 random bytes, bound likewise;
--   object_id: the account, one of 1,000, as the benchmark's deliveries name it.
\set account random(1, 1000)
BEGIN;
WITH fresh AS (
    SELECT gen_random_uuid() AS inbox_id, CAST(gen_random_uuid() AS text) AS provider_event_id),
keyed AS (
    INSERT INTO webhook_event_key (provider, endpoint_id, provider_event_id, inbox_id, received_at)
    SELECT :provider, :endpoint, provider_event_id, inbox_id, now() FROM fresh
    ON CONFLICT DO NOTHING
    RETURNING inbox_id, provider_event_id)
INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type, object_id,
        object_version, provider_created_at, received_at, payload_ciphertext, payload_key_id,
        payload_sha256, matched_secret_version, status, attempt_count, next_attempt_at)
    SELECT inbox_id, :provider, :endpoint, provider_event_id, :event_type,
        CAST(:account AS text), CAST(NULL AS bigint), CAST(NULL AS timestamptz), now(), CAST(:payload AS bytea),
        :key_id, CAST(:payload_sha256 AS bytea), :secret_version, 'RECEIVED', 0, now()
    FROM keyed
    ON CONFLICT DO NOTHING
    RETURNING inbox_id;
END;
