package io.tambat.migrate;

import io.tambat.adapter.out.persistence.schema.OneOffMigration;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Applies this release's migrations to the schema once, keeps its partitions by day (two weeks ahead created, the
 * attempt history past {@code TAMBAT_RETENTION_FINISHED_ROWS} dropped) and exits: 0 when the schema holds every migration of
 * this release, 1 when a migration failed or the database did not answer, 2 on a usage error. It reads the
 * database settings the server reads, from the environment, with the server's defaults ({@code tambat-app.xml}),
 * and none of the server's short driver timeouts: a migration may take longer than a request.
 */
public final class TambatMigrate {

    private static final String USAGE = "usage: tambat-migrate (no arguments; it reads TAMBAT_DB_URL, "
            + "TAMBAT_DB_USER, TAMBAT_DB_PASSWORD, TAMBAT_DB_SCHEMA and TAMBAT_RETENTION_FINISHED_ROWS, as the server "
            + "does)";

    private TambatMigrate() {
    }

    public static void main(String[] args) {
        if (args.length > 0) {
            System.err.println(USAGE);
            System.exit(2);
        }
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        try {
            dataSource.setURL(environment("TAMBAT_DB_URL", "jdbc:postgresql://localhost:5432/tambat"));
        } catch (IllegalArgumentException e) {
            // The driver's message repeats the URL, which may carry a password.
            System.err.println("TAMBAT_DB_URL is not a PostgreSQL JDBC URL such as jdbc:postgresql://host:5432/tambat");
            System.exit(2);
        }
        dataSource.setUser(environment("TAMBAT_DB_USER", "tambat"));
        dataSource.setPassword(environment("TAMBAT_DB_PASSWORD", "tambat"));
        dataSource.setApplicationName("tambat-migrate");
        String schema = environment("TAMBAT_DB_SCHEMA", "tambat");
        Duration historyKept;
        try {
            historyKept = Duration.parse(environment("TAMBAT_RETENTION_FINISHED_ROWS", "P90D").trim());
        } catch (DateTimeParseException e) {
            historyKept = Duration.ZERO;
        }
        if (historyKept.isNegative() || historyKept.isZero()) {
            // The server refuses such a retention too; the job must never drop history the server keeps.
            System.err.println("TAMBAT_RETENTION_FINISHED_ROWS is not a positive ISO-8601 duration such as P90D");
            System.exit(2);
            return;
        }
        System.exit(OneOffMigration.run(dataSource, schema, historyKept, System.out, System.err) ? 0 : 1);
    }

    private static String environment(String name, String serverDefault) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? serverDefault : value;
    }
}
