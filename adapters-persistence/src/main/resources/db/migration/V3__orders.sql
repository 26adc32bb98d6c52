-- Idempotency records of API operations: ownership by the primary key, the first answer kept for replay.
CREATE TABLE idempotency_requests (
    tenant_id       text        NOT NULL,
    endpoint        text        NOT NULL,
    idempotency_key text        NOT NULL,
    fingerprint     text        NOT NULL,
    response_status integer,
    response_body   text,
    resource_id     text,
    created_at      timestamptz NOT NULL,
    expires_at      timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, endpoint, idempotency_key)
);

CREATE INDEX idempotency_requests_expiry ON idempotency_requests (expires_at);

-- Orders; a checkout id orders once per tenant, forever (independent of idempotency retention).
CREATE TABLE orders (
    order_id    uuid        PRIMARY KEY,
    tenant_id   text        NOT NULL,
    checkout_id text,
    status      text        NOT NULL,
    currency    text        NOT NULL,
    coupon      text,
    total_minor bigint      NOT NULL,
    created_at  timestamptz NOT NULL,
    CONSTRAINT orders_checkout_once UNIQUE (tenant_id, checkout_id)
);

CREATE TABLE order_line (
    order_id         uuid    NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    line_no          integer NOT NULL,
    sku              text    NOT NULL,
    quantity         integer NOT NULL,
    unit_price_minor bigint  NOT NULL,
    PRIMARY KEY (order_id, line_no)
);

-- OrderCreated notifications, committed with their order; a consumer delivers them downstream.
CREATE TABLE order_outbox (
    outbox_id    bigserial   PRIMARY KEY,
    order_id     uuid        NOT NULL REFERENCES orders (order_id),
    event_type   text        NOT NULL,
    created_at   timestamptz NOT NULL,
    published_at timestamptz
);

CREATE INDEX order_outbox_unpublished ON order_outbox (outbox_id) WHERE published_at IS NULL;
