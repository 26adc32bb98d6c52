-- Validates V47's bound on every mutation, under a lock that lets the release before go on writing; a transaction
-- of its own, so that V47's brief exclusive lock is not held while it reads.
ALTER TABLE object_mutation VALIDATE CONSTRAINT object_mutation_before_cutover;
