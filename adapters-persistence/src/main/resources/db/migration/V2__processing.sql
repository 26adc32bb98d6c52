-- Every status an inbox row has been in, for operators (GET /admin/inbox/{id}).
CREATE TABLE webhook_inbox_history (
    history_id bigserial   PRIMARY KEY,
    inbox_id   uuid        NOT NULL REFERENCES webhook_inbox (inbox_id) ON DELETE CASCADE,
    status     text        NOT NULL,
    at         timestamptz NOT NULL
);

CREATE INDEX webhook_inbox_history_row ON webhook_inbox_history (inbox_id, history_id);

INSERT INTO webhook_inbox_history (inbox_id, status, at) SELECT inbox_id, 'RECEIVED', received_at FROM webhook_inbox;

-- One row per logical event whose business mutation committed: a worker retry finds it and does nothing.
CREATE TABLE processed_event (
    provider          text        NOT NULL,
    endpoint_id       text        NOT NULL,
    provider_event_id text        NOT NULL,
    inbox_id          uuid        NOT NULL,
    processed_at      timestamptz NOT NULL,
    PRIMARY KEY (provider, endpoint_id, provider_event_id)
);

CREATE INDEX processed_event_age ON processed_event (processed_at);

-- The business state derived for each provider object.
CREATE TABLE object_state (
    provider      text        NOT NULL,
    object_type   text        NOT NULL,
    object_id     text        NOT NULL,
    state         text        NOT NULL,
    version       bigint,
    fetched_at    timestamptz,
    last_inbox_id uuid        NOT NULL,
    updated_at    timestamptz NOT NULL,
    PRIMARY KEY (provider, object_type, object_id)
);

-- Every business mutation applied, once per logical event at most (audit trail; tests count it).
CREATE TABLE object_mutation (
    mutation_id bigserial   PRIMARY KEY,
    provider    text        NOT NULL,
    object_type text        NOT NULL,
    object_id   text        NOT NULL,
    inbox_id    uuid        NOT NULL UNIQUE,
    state       text        NOT NULL,
    version     bigint,
    applied_at  timestamptz NOT NULL
);

CREATE INDEX webhook_inbox_listing ON webhook_inbox (received_at DESC);
CREATE INDEX webhook_inbox_failed ON webhook_inbox (status) WHERE status = 'FAILED';
CREATE INDEX webhook_inbox_purgeable ON webhook_inbox (received_at) WHERE payload_ciphertext IS NOT NULL;
