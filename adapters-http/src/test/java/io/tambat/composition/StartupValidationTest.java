package io.tambat.composition;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.out.persistence.schema.MigrationMode;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The start-up check of {@code tambat.db.migrate}, which the schema migrator (adapters-persistence, on this
 * module's test classpath though not on its compile classpath) reads: the check accepts exactly what the migrator
 * parses.
 */
class StartupValidationTest {

    private static StartupValidation validation(Map<String, String> properties) {
        StartupValidation validation = new StartupValidation();
        validation.config = new MapConfig(properties);
        return validation;
    }

    @ParameterizedTest
    @EnumSource(MigrationMode.class)
    void acceptsEveryMigrationModeTheMigratorParses(MigrationMode mode) {
        String value = mode.name().toLowerCase(Locale.ROOT);

        assertThatCode(() -> validation(Map.of("tambat.db.migrate", value)).requireKnownMigrationMode())
                .doesNotThrowAnyException();
        assertThatCode(() -> validation(Map.of("tambat.db.migrate", " " + mode.name() + " "))
                .requireKnownMigrationMode()).as("in any case, blanks around").doesNotThrowAnyException();
    }

    @Test
    void acceptsAnUnsetMigrationMode() {
        assertThatCode(() -> validation(Map.of()).requireKnownMigrationMode()).doesNotThrowAnyException();
    }

    @Test
    void refusesAnUnknownMigrationModeNamingTheSettingAsTheMigratorWould() {
        assertThatThrownBy(() -> validation(Map.of("tambat.db.migrate", "never")).requireKnownMigrationMode())
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("tambat.db.migrate (TAMBAT_DB_MIGRATE): must be auto, validate or off");
        assertThatThrownBy(() -> MigrationMode.parse("never")).as("the migrator refuses it too")
                .isInstanceOf(IllegalArgumentException.class);
    }
}
