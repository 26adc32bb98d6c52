package io.tambat.it.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.io.File;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Instances that may not change the schema ({@code TAMBAT_DB_MIGRATE=validate}) and the one-off job that does
 * ({@code tambat-migrate.jar}), as a deployment runs them: the jar itself, in a process of its own.
 */
class MigrationJobIT {

    private static final String SCHEMA = "tambat_migration_job";
    private static final Duration JOB_LIMIT = Duration.ofSeconds(120);

    private final TestDatabase db = new TestDatabase(SCHEMA);

    @BeforeEach
    void noSchema() {
        db.dropSchema();
    }

    @Test
    void anInstanceThatValidatesWaitsNotReadyForTheJobAndThenServesWithoutARestart() throws Exception {
        try (TambatServerProcess server = TambatServerProcess.configured("validate", TestDatabase.port(), SCHEMA,
                StripeProcessDeliveries.ENDPOINTS).with("TAMBAT_DB_MIGRATE", "validate").start()
                .awaitListening(Duration.ofSeconds(90))) {
            Eventually.within(Duration.ofSeconds(30), () -> {
                HttpResponse<String> readiness = Http.send(Http.request(server.managementUri()
                        .resolve("health/ready")).GET().build());
                assertThat(readiness.statusCode()).isEqualTo(503);
                assertThat(readiness.body()).contains("validate").contains("not migrated");
            });
            assertThat(schemas()).as("an instance that validates creates nothing, not even the schema").isZero();

            Job job = runJob();
            assertThat(job.exit()).as(job.output()).isZero();
            assertThat(job.output()).contains("schema " + SCHEMA + " migrated to version");

            server.awaitReady(Duration.ofSeconds(30));
            long now = Instant.now().getEpochSecond();
            assertThat(StripeProcessDeliveries.send(server.baseUri(), "stripe-main",
                    StripeProcessDeliveries.event(StripeProcessDeliveries.newEventId()), now).statusCode())
                    .isEqualTo(200);
        }

        Job again = runJob();
        assertThat(again.exit()).as(again.output()).isZero();
        assertThat(again.output()).contains("nothing to apply");
    }

    private long schemas() {
        return db.count("SELECT count(*) FROM information_schema.schemata WHERE schema_name = ?", SCHEMA);
    }

    /** The job as a deployment runs it: the jar, with the server's database settings in its environment. */
    private static Job runJob() throws IOException, InterruptedException {
        File jar = new File(System.getProperty("tambat.it.migrate.jar", "../migrate/target/tambat-migrate.jar"));
        assertThat(jar).as("built by the module migrate").isFile();
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.getAbsolutePath()).redirectErrorStream(true);
        builder.environment().putAll(Map.of(
                "TAMBAT_DB_URL", "jdbc:postgresql://" + TestDatabase.host() + ":" + TestDatabase.port() + "/"
                        + TestDatabase.name(),
                "TAMBAT_DB_USER", TestDatabase.user(),
                "TAMBAT_DB_PASSWORD", TestDatabase.password(),
                "TAMBAT_DB_SCHEMA", SCHEMA));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(JOB_LIMIT.toSeconds(), TimeUnit.SECONDS)).as("the job ends").isTrue();
        return new Job(process.exitValue(), output);
    }

    private record Job(int exit, String output) {
    }
}
