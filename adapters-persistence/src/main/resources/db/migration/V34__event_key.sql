-- Expands: the key of each stored event (provider, endpoint, the provider's event id) in a narrow table of its
-- own, whose primary key decides duplicates. The inbox keeps its own unique key for now, which the release before
-- inserts under; a later release partitions the inbox by day, where a unique key would have to hold the day while
-- a provider's retry arrives on another. This table stays whole: a key is a few dozen bytes, one index entry, and
-- goes with its event's row.
CREATE TABLE webhook_event_key (
    provider          text        NOT NULL,
    endpoint_id       text        NOT NULL,
    provider_event_id text        NOT NULL,
    inbox_id          uuid        NOT NULL,
    received_at       timestamptz NOT NULL,
    PRIMARY KEY (provider, endpoint_id, provider_event_id)
);
