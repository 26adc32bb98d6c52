-- A payload kept in the object store (tambat.payloads.store=s3): the row names its object's key (yyyy/MM/dd/HH/<inbox
-- id>, under the configured prefix) instead of holding the ciphertext, and payload_key_id still names what sealed it.
-- A row holds its payload in one of payload_ciphertext and payload_object, or in neither once retention purged it.
-- A column added, nullable, nothing rewritten: the release before keeps reading and writing its rows in the row.
ALTER TABLE webhook_inbox ADD COLUMN payload_object text;
