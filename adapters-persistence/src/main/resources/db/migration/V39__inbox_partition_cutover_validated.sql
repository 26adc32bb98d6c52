-- Validates V38's bound on every existing inbox row, under a lock that lets the release before go on writing; a
-- transaction of its own, so that V38's brief exclusive lock is not held while it reads.
ALTER TABLE webhook_inbox VALIDATE CONSTRAINT webhook_inbox_before_cutover;
