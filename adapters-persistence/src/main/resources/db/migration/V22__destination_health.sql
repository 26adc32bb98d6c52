-- How each destination has been answering, as every instance sees it: its consecutive failed attempts and the
-- last redacted error; once failing, how many probes failed, when its next probe may go and until when the one
-- probe out holds it (one probe across the fleet). No row: every attempt so far was answered.
CREATE TABLE forward_destination_health (
    destination_id       text        PRIMARY KEY,
    consecutive_failures integer     NOT NULL,
    failed_probes        integer     NOT NULL DEFAULT 0,
    last_error           text,
    last_failure_at      timestamptz,
    next_probe_at        timestamptz,
    probe_until          timestamptz
);
