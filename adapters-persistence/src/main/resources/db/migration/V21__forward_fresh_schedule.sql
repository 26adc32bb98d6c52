-- A redrive or replay starts a delivery's retry schedule afresh while attempt_count, the fencing token, keeps
-- counting every attempt: the attempts made before the current schedule began.
ALTER TABLE forward_delivery ADD COLUMN attempts_before_schedule integer NOT NULL DEFAULT 0;
