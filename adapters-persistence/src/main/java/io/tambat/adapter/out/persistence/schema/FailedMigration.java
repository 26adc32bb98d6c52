package io.tambat.adapter.out.persistence.schema;

import java.sql.SQLException;
import java.util.Optional;
import org.flywaydb.core.api.resource.Resource;
import org.flywaydb.core.internal.sqlscript.FlywaySqlScriptException;

/**
 * The statement of a migration script that PostgreSQL refused, where it stands, and why. Flyway leaves the
 * statement out of its own message unless its debug logging is on, and a deployer cannot fix a migration without
 * it. It is for the log and the console: it may quote the script's SQL and PostgreSQL's words about rows, so
 * readiness never shows it.
 *
 * @param script    the script's file name, such as {@code V25__orders_index.sql}
 * @param line      the line of the script the statement starts on
 * @param statement the statement as it was sent
 * @param reason    PostgreSQL's message and SQL state
 */
record FailedMigration(String script, int line, String statement, String reason) {

    /**
     * The refused statement behind a failure of {@code migrate()}, which Flyway reports as a
     * {@code FlywayMigrateException} caused by a {@code FlywaySqlScriptException} (Flyway's internal classes: the
     * only ones that hold the statement). Empty for any other failure, such as a database that does not answer.
     */
    static Optional<FailedMigration> in(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof FlywaySqlScriptException refused) {
                Resource script = refused.getResource();
                return Optional.of(new FailedMigration(script == null ? "unknown script" : script.getFilename(),
                        refused.getLineNumber(), refused.getStatement(), reason(refused)));
            }
        }
        return Optional.empty();
    }

    /** Several lines: the statement is quoted whole, as the script has it. */
    String describe() {
        return script + ", line " + line + ": " + reason + "\n  statement: " + statement;
    }

    private static String reason(FlywaySqlScriptException refused) {
        if (refused.getCause() instanceof SQLException database) {
            return database.getMessage() + " (SQL state " + database.getSQLState() + ")";
        }
        return refused.getMessage();
    }
}
