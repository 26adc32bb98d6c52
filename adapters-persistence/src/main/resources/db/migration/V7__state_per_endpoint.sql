-- Business state belongs to the endpoint whose events derived it: two senders on two endpoints (two Standard
-- Webhooks tenants, say) can name the same object id without overwriting each other. Existing rows take the
-- endpoint of the event that last changed them.
ALTER TABLE object_state ADD COLUMN endpoint_id text;
UPDATE object_state s SET endpoint_id = i.endpoint_id FROM webhook_inbox i WHERE i.inbox_id = s.last_inbox_id;
UPDATE object_state SET endpoint_id = 'unknown-endpoint' WHERE endpoint_id IS NULL;
ALTER TABLE object_state ALTER COLUMN endpoint_id SET NOT NULL;
ALTER TABLE object_state DROP CONSTRAINT object_state_pkey;
ALTER TABLE object_state ADD PRIMARY KEY (provider, endpoint_id, object_type, object_id);
CREATE INDEX object_state_object ON object_state (provider, object_type, object_id);

ALTER TABLE object_mutation ADD COLUMN endpoint_id text;
UPDATE object_mutation m SET endpoint_id = i.endpoint_id FROM webhook_inbox i WHERE i.inbox_id = m.inbox_id;
UPDATE object_mutation SET endpoint_id = 'unknown-endpoint' WHERE endpoint_id IS NULL;
ALTER TABLE object_mutation ALTER COLUMN endpoint_id SET NOT NULL;
