-- PostgreSQL accepts the first statement and refuses the second: FailedMigrationTest reads what Flyway reports.
CREATE TABLE accepted_first (id integer);
INSERT INTO missing_table (id) VALUES (1);
