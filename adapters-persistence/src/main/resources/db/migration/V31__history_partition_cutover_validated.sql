-- Validates V30's bound on every existing history row. VALIDATE CONSTRAINT reads the table under a lock that lets
-- the release before go on writing it; a transaction of its own, so that V30's brief exclusive lock is not held
-- while it reads.
ALTER TABLE webhook_inbox_history VALIDATE CONSTRAINT webhook_inbox_history_before_cutover;
