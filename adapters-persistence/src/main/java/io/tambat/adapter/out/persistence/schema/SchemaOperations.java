package io.tambat.adapter.out.persistence.schema;

import java.sql.SQLException;
import java.util.Optional;

/**
 * What getting the schema ready may do to it, one attempt per call, each on a connection of its own. A database
 * that does not answer makes a call throw; the caller tries again later. {@link MigrationMode} chooses which call
 * an instance makes.
 */
interface SchemaOperations {

    /**
     * Applies this release's pending migrations, and creates the partitions of the days ahead. Instances that start
     * together take turns (Flyway holds a lock on the schema history while it migrates).
     *
     * @throws SQLException     when the database does not answer while partitions are created
     * @throws RuntimeException when the database does not answer, or refuses a migration (then
     *                          {@link FailedMigration#in(Throwable)} finds the statement)
     */
    void migrate() throws SQLException;

    /**
     * Compares the schema with this release's migrations, and its partitions by day with the days ahead, and
     * neither creates nor changes anything, the schema itself included.
     *
     * @return how the schema differs from what this release needs; empty when it holds every migration of this
     *         release as this release has it (a later release's migrations besides are accepted) and partitions
     *         for at least the next day
     * @throws SQLException     when the database does not answer while partitions are read
     * @throws RuntimeException when the database does not answer
     */
    Optional<SchemaMismatch> validate() throws SQLException;

    /**
     * Runs a query that reads no table.
     *
     * @throws SQLException when the database does not answer
     */
    void ping() throws SQLException;
}
