-- What each forwarded message is about: <provider>:<endpoint>:<object id>, or its inbox id when it names no
-- object. The Kafka record key, and the unit of per-object ordering. Rows written before it have no object.
ALTER TABLE forward_delivery ADD COLUMN ordering_key text;
UPDATE forward_delivery SET ordering_key = CAST(inbox_id AS text);
ALTER TABLE forward_delivery ALTER COLUMN ordering_key SET NOT NULL;
