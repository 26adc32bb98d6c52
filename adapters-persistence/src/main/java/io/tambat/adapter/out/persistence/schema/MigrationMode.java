package io.tambat.adapter.out.persistence.schema;

import java.sql.SQLException;
import java.util.Locale;
import java.util.Optional;

/**
 * What an instance does to the schema at start ({@code tambat.db.migrate}). {@link #AUTO} migrates it; a deployment
 * that migrates with a job of its own ({@code tambat-migrate}) runs its instances with {@link #VALIDATE} or
 * {@link #OFF}, whose database user then needs no right to change the schema.
 */
public enum MigrationMode {

    /** Applies this release's pending migrations. */
    AUTO,
    /**
     * Changes nothing, and accepts only a schema that holds every migration of this release as this release has
     * it. Migrations of a later release are accepted too: by the upgrade policy, this release runs beside them.
     */
    VALIDATE,
    /** Changes and checks nothing: the database answering is enough. */
    OFF;

    /**
     * The mode a setting names, in any case, surrounding blanks ignored.
     *
     * @throws IllegalArgumentException naming the values it takes, when it names none of them
     */
    public static MigrationMode parse(String value) {
        for (MigrationMode mode : values()) {
            if (mode.name().equals(value.strip().toUpperCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new IllegalArgumentException("must be auto, validate or off");
    }

    /**
     * One attempt at getting the schema ready in this mode: {@link #VALIDATE} and {@link #OFF} never call
     * {@link SchemaOperations#migrate()}, and {@link #OFF} calls nothing but {@link SchemaOperations#ping()}.
     *
     * @return how the schema differs from what this release needs, empty when the instance may use it
     * @throws SQLException     when the database does not answer
     * @throws RuntimeException when the database does not answer or refuses a migration (Flyway's exceptions)
     */
    Optional<SchemaMismatch> prepare(SchemaOperations schema) throws SQLException {
        return switch (this) {
            case AUTO -> {
                schema.migrate();
                yield Optional.empty();
            }
            case VALIDATE -> schema.validate();
            case OFF -> {
                schema.ping();
                yield Optional.empty();
            }
        };
    }

    /** As the setting writes it. */
    String settingValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
