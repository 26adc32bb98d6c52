package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The schema pgbench writes to: made by Tambat's own migration scripts (adapters-persistence's
 * {@code db/migration}, applied in version order as Flyway applies them), but used by no server, so no worker
 * ever leases a row pgbench wrote and the exactly-once checks count Tambat's rows alone.
 */
final class CeilingSchema {

    private static final Path MIGRATIONS = Path.of(System.getProperty("tambat.it.migrations",
            "../adapters-persistence/src/main/resources/db/migration"));
    private static final Pattern VERSIONED = Pattern.compile("V(\\d+)__.*\\.sql");
    private static final Pattern BUILT_CONCURRENTLY = Pattern.compile(
            "\\bcreate\\s+(unique\\s+)?index\\s+concurrently\\b", Pattern.CASE_INSENSITIVE);

    private final String name;

    private CeilingSchema(String name) {
        this.name = name;
    }

    /** Drops the schema and makes it anew. */
    static CeilingSchema create(String name) {
        new TestDatabase(name).dropSchema();
        try (Connection connection = new TestDatabase(name).connect();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA " + name);
            for (Path migration : migrations()) {
                String script = Files.readString(migration);
                // As Flyway runs them: each in a transaction of its own (a LOCK TABLE needs one), but a script that
                // builds an index CONCURRENTLY, which cannot run in one.
                boolean inTransaction = !BUILT_CONCURRENTLY.matcher(script.replaceAll("--[^\\n]*", " ")).find();
                connection.setAutoCommit(!inTransaction);
                statement.execute(script);
                if (inTransaction) {
                    connection.commit();
                }
            }
            connection.setAutoCommit(true);
            return new CeilingSchema(name);
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("cannot prepare schema " + name + " for pgbench", e);
        }
    }

    String name() {
        return name;
    }

    /** The versioned migration scripts, by version number. */
    private static List<Path> migrations() throws IOException {
        try (Stream<Path> files = Files.list(MIGRATIONS)) {
            List<Path> versioned = files.filter(file -> VERSIONED.matcher(file.getFileName().toString()).matches())
                    .sorted(Comparator.comparingInt(CeilingSchema::version)).toList();
            if (versioned.isEmpty()) {
                throw new IllegalStateException("no migration scripts in " + MIGRATIONS.toAbsolutePath());
            }
            return versioned;
        }
    }

    private static int version(Path migration) {
        Matcher matcher = VERSIONED.matcher(migration.getFileName().toString());
        if (!matcher.matches()) {
            throw new IllegalArgumentException(migration.toString());
        }
        return Integer.parseInt(matcher.group(1));
    }
}
