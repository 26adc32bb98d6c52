-- A revision per endpoint, raised in the transaction that adds or retires one of its secret versions. Every
-- instance polls this small table and drops its cached secrets of an endpoint whose revision moved, so a
-- retirement takes effect everywhere within the poll interval instead of the cache TTL.
CREATE TABLE webhook_secret_revision (
    endpoint_id text   PRIMARY KEY,
    revision    bigint NOT NULL
);
