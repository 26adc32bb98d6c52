package io.tambat.adapter.out.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.Optional;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The refused statement read from what Flyway throws, for a script PostgreSQL refuses
 * ({@code db/refused/V1__refused.sql} of the test resources): Flyway's own message leaves the statement out, so
 * this reads Flyway's internal exception, and a new Flyway that moves it fails here first. On a schema of its own.
 */
class FailedMigrationTest {

    private static final String SCHEMA = "tambat_refused_test";

    @RegisterExtension
    final ScratchSchema scratch = new ScratchSchema(SCHEMA);
    private final PGSimpleDataSource dataSource = scratch.dataSource;

    @Test
    void namesTheScriptTheLineTheStatementAndPostgresqlsReason() {
        Throwable failure = catchThrowable(() -> Flyway.configure(FailedMigrationTest.class.getClassLoader())
                .dataSource(dataSource).locations("classpath:db/refused").schemas(SCHEMA).defaultSchema(SCHEMA)
                .createSchemas(true).load().migrate());

        Optional<FailedMigration> refused = FailedMigration.in(failure);

        assertThat(refused).isPresent();
        assertThat(refused.get().script()).isEqualTo("V1__refused.sql");
        assertThat(refused.get().line()).isEqualTo(3);
        assertThat(refused.get().statement()).startsWith("INSERT INTO missing_table (id) VALUES (1)");
        assertThat(refused.get().reason()).contains("missing_table").contains("42P01");
        assertThat(refused.get().describe()).startsWith("V1__refused.sql, line 3: ")
                .endsWith("\n  statement: " + refused.get().statement());
    }

    @Test
    void findsNoStatementInAFailureToReachTheDatabase() {
        assertThat(FailedMigration.in(new IllegalStateException("connection refused"))).isEmpty();
    }
}
