-- A bulk operator action runs in the background: when its last batch committed, when it ended and, for one that
-- failed, the redacted reason why (the kind of failure, never a payload or a secret). Columns added, nullable,
-- nothing rewritten: the release before keeps recording its actions without them.
ALTER TABLE operator_action ADD COLUMN progressed_at timestamptz;
ALTER TABLE operator_action ADD COLUMN ended_at timestamptz;
ALTER TABLE operator_action ADD COLUMN failure text;
