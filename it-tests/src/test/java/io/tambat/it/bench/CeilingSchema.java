package io.tambat.it.bench;

import io.tambat.it.support.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
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
 * ever leases a row pgbench wrote and the exactly-once checks count Tambat's rows alone. It also holds
 * {@code bench_sealed_payload()}, the stand-in for a delivery's ciphertext.
 */
final class CeilingSchema {

    private static final Path MIGRATIONS = Path.of(System.getProperty("tambat.it.migrations",
            "../adapters-persistence/src/main/resources/db/migration"));
    private static final Pattern VERSIONED = Pattern.compile("V(\\d+)__.*\\.sql");

    private final String name;
    private final String searchPath;
    private final String payloadSource;

    private CeilingSchema(String name, String searchPath, String payloadSource) {
        this.name = name;
        this.searchPath = searchPath;
        this.payloadSource = payloadSource;
    }

    /** Drops and migrates the schema, then defines the payload function, with pgcrypto when it can be had. */
    static CeilingSchema create(String name) {
        new TestDatabase(name).dropSchema();
        try (Connection connection = new TestDatabase(name).connect();
                Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA " + name);
            for (Path migration : migrations()) {
                statement.execute(Files.readString(migration));
            }
            String extensionSchema = pgcryptoSchema(statement, name);
            if (extensionSchema == null) {
                statement.execute(resource("sealed-payload-pool.sql"));
                return new CeilingSchema(name, name, "payload from a pool of 64 random values (no pgcrypto)");
            }
            String searchPath = extensionSchema.equals(name) ? name : name + "," + extensionSchema;
            statement.execute("SET search_path TO " + searchPath);
            statement.execute(resource("sealed-payload-pgcrypto.sql"));
            return new CeilingSchema(name, searchPath, "payload from pgcrypto's gen_random_bytes");
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("cannot prepare schema " + name + " for pgbench", e);
        }
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

    String name() {
        return name;
    }

    /** The schema, and pgcrypto's when it lives elsewhere. */
    String searchPath() {
        return searchPath;
    }

    String payloadSource() {
        return payloadSource;
    }

    /** Where pgcrypto is, installing it into this schema if the database has none; null when it cannot be had. */
    private static String pgcryptoSchema(Statement statement, String schema) {
        try {
            statement.execute("CREATE EXTENSION IF NOT EXISTS pgcrypto SCHEMA " + schema);
            try (ResultSet found = statement.executeQuery("SELECT n.nspname FROM pg_extension e "
                    + "JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pgcrypto'")) {
                return found.next() ? found.getString(1) : null;
            }
        } catch (SQLException notAvailable) {
            return null;
        }
    }

    private static String resource(String file) {
        try (InputStream in = CeilingSchema.class.getResourceAsStream("/bench/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
