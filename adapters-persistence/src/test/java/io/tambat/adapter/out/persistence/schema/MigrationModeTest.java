package io.tambat.adapter.out.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MigrationModeTest {

    private static final SchemaMismatch BEHIND = new SchemaMismatch("23", "25", "Detected resolved migration not "
            + "applied to database: 24.");

    @Test
    void readsEachModeAsTheSettingWritesIt() {
        assertThat(MigrationMode.parse("auto")).isEqualTo(MigrationMode.AUTO);
        assertThat(MigrationMode.parse("validate")).isEqualTo(MigrationMode.VALIDATE);
        assertThat(MigrationMode.parse("off")).isEqualTo(MigrationMode.OFF);
        for (MigrationMode mode : MigrationMode.values()) {
            assertThat(MigrationMode.parse(mode.settingValue())).isEqualTo(mode);
        }
    }

    @Test
    void readsAModeInAnyCaseWithBlanksAround() {
        assertThat(MigrationMode.parse("VALIDATE")).isEqualTo(MigrationMode.VALIDATE);
        assertThat(MigrationMode.parse(" Off\t")).isEqualTo(MigrationMode.OFF);
    }

    @Test
    void refusesAnUnknownModeNamingTheValuesItTakes() {
        for (String unknown : new String[] {"", "none", "migrate", "auto,validate", "validated"}) {
            assertThatThrownBy(() -> MigrationMode.parse(unknown)).as("'%s'", unknown)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("must be auto, validate or off");
        }
    }

    @Test
    void autoMigratesAndIsThenReady() throws SQLException {
        RecordingSchema schema = new RecordingSchema(Optional.of(BEHIND));

        assertThat(MigrationMode.AUTO.prepare(schema)).isEmpty();
        assertThat(schema.calls).containsExactly("migrate");
    }

    @Test
    void validateNeverMigratesAndReportsWhatValidationFound() throws SQLException {
        RecordingSchema behind = new RecordingSchema(Optional.of(BEHIND));
        RecordingSchema current = new RecordingSchema(Optional.empty());

        assertThat(MigrationMode.VALIDATE.prepare(behind)).contains(BEHIND);
        assertThat(MigrationMode.VALIDATE.prepare(current)).isEmpty();
        assertThat(behind.calls).containsExactly("validate");
        assertThat(current.calls).containsExactly("validate");
    }

    @Test
    void offNeitherMigratesNorValidatesAndIsReadyOnceTheDatabaseAnswers() throws SQLException {
        RecordingSchema schema = new RecordingSchema(Optional.of(BEHIND));

        assertThat(MigrationMode.OFF.prepare(schema)).as("a schema behind goes unnoticed, by design").isEmpty();
        assertThat(schema.calls).containsExactly("ping");
    }

    @Test
    void aDatabaseThatDoesNotAnswerFailsTheAttemptInEveryMode() {
        for (MigrationMode mode : MigrationMode.values()) {
            RecordingSchema away = new RecordingSchema(Optional.empty());
            away.answers = false;

            assertThatThrownBy(() -> mode.prepare(away)).as(mode.settingValue())
                    .isInstanceOfAny(SQLException.class, IllegalStateException.class);
        }
    }

    /** Records each call; validation answers what it is given, and a database away fails every call. */
    private static final class RecordingSchema implements SchemaOperations {

        private final Optional<SchemaMismatch> validation;
        private final List<String> calls = new ArrayList<>();
        private boolean answers = true;

        RecordingSchema(Optional<SchemaMismatch> validation) {
            this.validation = validation;
        }

        @Override
        public void migrate() {
            calls.add("migrate");
            requireAnswer();
        }

        @Override
        public Optional<SchemaMismatch> validate() {
            calls.add("validate");
            requireAnswer();
            return validation;
        }

        @Override
        public void ping() throws SQLException {
            calls.add("ping");
            if (!answers) {
                throw new SQLTransientConnectionException("connection refused");
            }
        }

        private void requireAnswer() {
            if (!answers) {
                // As Flyway reports a database it cannot reach: an unchecked exception.
                throw new IllegalStateException("connection refused");
            }
        }
    }
}
