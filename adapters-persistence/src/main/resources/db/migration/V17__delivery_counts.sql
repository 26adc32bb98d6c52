-- Answered webhook deliveries per minute, provider and outcome, summed over every instance: each instance adds
-- what it counted every few seconds, so a delivery never writes here itself. Kept a day, for the console's chart.
CREATE TABLE webhook_delivery_count (
    minute     timestamptz NOT NULL,
    provider   text        NOT NULL,
    outcome    text        NOT NULL,
    deliveries bigint      NOT NULL,
    PRIMARY KEY (minute, provider, outcome)
);
