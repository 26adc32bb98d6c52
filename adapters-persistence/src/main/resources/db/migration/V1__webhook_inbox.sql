-- Accepted webhook events: one row per logical provider event, decided by the unique key.
CREATE TABLE webhook_inbox (
    inbox_id               uuid        PRIMARY KEY,
    provider               text        NOT NULL,
    endpoint_id            text        NOT NULL,
    provider_event_id      text        NOT NULL,
    event_type             text        NOT NULL,
    object_id              text,
    object_version         bigint,
    provider_created_at    timestamptz,
    received_at            timestamptz NOT NULL,
    payload_ciphertext     bytea,
    payload_key_id         text,
    payload_sha256         bytea       NOT NULL,
    matched_secret_version text        NOT NULL,
    status                 text        NOT NULL,
    attempt_count          integer     NOT NULL DEFAULT 0,
    next_attempt_at        timestamptz NOT NULL,
    lease_until            timestamptz,
    last_error             text,
    CONSTRAINT webhook_inbox_event_key UNIQUE (provider, endpoint_id, provider_event_id),
    CONSTRAINT webhook_inbox_status_known CHECK (status IN ('RECEIVED', 'PROCESSING', 'PROCESSED', 'FAILED'))
);

CREATE INDEX webhook_inbox_due ON webhook_inbox (next_attempt_at) WHERE status IN ('RECEIVED', 'PROCESSING');
CREATE INDEX webhook_inbox_secret_match ON webhook_inbox (endpoint_id, matched_secret_version, received_at);

-- Work notifications committed with their inbox row; the relay publishes them (possibly twice).
CREATE TABLE webhook_outbox (
    outbox_id    bigserial   PRIMARY KEY,
    inbox_id     uuid        NOT NULL REFERENCES webhook_inbox (inbox_id) ON DELETE CASCADE,
    topic        text        NOT NULL,
    created_at   timestamptz NOT NULL,
    published_at timestamptz
);

CREATE INDEX webhook_outbox_unpublished ON webhook_outbox (outbox_id) WHERE published_at IS NULL;

-- Trusted signing-secret versions; the secret is sealed with the payload keys, bound to its endpoint and version.
CREATE TABLE webhook_secret (
    endpoint_id       text        NOT NULL,
    version           text        NOT NULL,
    secret_ciphertext bytea       NOT NULL,
    secret_key_id     text        NOT NULL,
    created_at        timestamptz NOT NULL,
    retired_at        timestamptz,
    PRIMARY KEY (endpoint_id, version)
);
