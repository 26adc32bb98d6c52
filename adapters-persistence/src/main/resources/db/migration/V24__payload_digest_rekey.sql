-- Rows stored before payload digests were keyed still hold the body's unkeyed SHA-256 (payload_sha256), which
-- lets anyone holding a backup confirm a guess about an encrypted payload. Once no instance of the release before
-- runs (they still write unkeyed digests), a background batch replaces each by the keyed digest of that SHA-256.
-- It finds them by walking webhook_inbox along its primary key: an index of their own would lock the inbox
-- against writes while this migration built it. This one row holds how far the walk has come, so that a restart
-- goes on from there instead of walking the table again, and so that one instance at a time walks (a batch takes
-- the row FOR UPDATE SKIP LOCKED).
--   scanned_through: the last inbox id walked; NULL before the first batch.
--   scan_until:      the highest inbox id when the walk began. Every unkeyed row existed by then, and inbox ids
--                    are time-ordered, so rows stored since lie beyond it: the walk ends there, not chasing them.
--   finished_at:     when no unkeyed digest was left, in the inbox or in the replay window's records.
CREATE TABLE payload_digest_rekey (
    only_row        boolean     PRIMARY KEY DEFAULT true CHECK (only_row),
    scanned_through uuid,
    scan_until      uuid,
    finished_at     timestamptz
);

INSERT INTO payload_digest_rekey DEFAULT VALUES;
