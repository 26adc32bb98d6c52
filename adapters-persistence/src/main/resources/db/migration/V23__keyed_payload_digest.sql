-- Payload digests are keyed: HMAC-SHA256 under a key derived from the payload keys, of the body's SHA-256. An
-- unkeyed SHA-256 of a plaintext, kept beside its ciphertext, lets anyone holding a backup confirm a guess about
-- the payload. New rows fill payload_digest only; rows stored before keep their SHA-256 in payload_sha256, and a
-- body accepted again still matches it, so the replay window answers as before.
ALTER TABLE webhook_inbox ADD COLUMN payload_digest bytea;
ALTER TABLE webhook_inbox ALTER COLUMN payload_sha256 DROP NOT NULL;

ALTER TABLE webhook_body_seen ADD COLUMN payload_digest bytea;
ALTER TABLE webhook_body_seen DROP CONSTRAINT webhook_body_seen_pkey;
ALTER TABLE webhook_body_seen ALTER COLUMN payload_sha256 DROP NOT NULL;
-- Decides, as the primary key did, which of two concurrent acceptances of one body records it.
CREATE UNIQUE INDEX webhook_body_seen_digest ON webhook_body_seen (endpoint_id, payload_digest);
-- The primary key's columns stay unique (NULLs are distinct, so keyed rows never collide): an instance of the
-- release before, during a rolling upgrade, still records bodies with ON CONFLICT on them.
CREATE UNIQUE INDEX webhook_body_seen_unkeyed ON webhook_body_seen (endpoint_id, payload_sha256);
