package io.tambat.it.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Two server instances, each with its own worker pool, on one database: both do work, and no row is ever
 * leased by two workers at once (one PROCESSING entry per row) or mutates business state twice.
 */
class TwoWorkerPoolsIT {

    private static final String SCHEMA = "tambat_two_pools";
    private static final int EVENTS = 200;
    private static final Pattern PROCESSED =
            Pattern.compile("tambat_processing_attempts_total\\{[^}]*outcome=\"processed\"[^}]*} ([0-9.]+)");

    @Test
    void noRowIsProcessedTwiceAcrossPools() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        try (TambatServerProcess intake = ProcessingServers.server("pool-intake", SCHEMA,
                Map.of("TAMBAT_PROCESSING_ENABLED", "false")).start().awaitReady(ProcessingServers.READY)) {
            for (int i = 0; i < EVENTS; i++) {
                assertThat(ProcessingServers.deliver(intake.baseUri(), ProcessingServers.newMessageId(),
                        ProcessingServers.paymentEvent("pay_" + UUID.randomUUID(), 1, "succeeded")).statusCode())
                        .isEqualTo(200);
            }
        }
        // Nothing is due while the pools start; everything becomes due at one moment once both are up, so
        // they compete for the same rows however long each took to start.
        db.count("WITH later AS (UPDATE webhook_inbox SET next_attempt_at = now() + interval '1 hour' "
                + "RETURNING 1) SELECT count(*) FROM later");

        Map<String, String> busy = Map.of("TAMBAT_PROCESSING_WORKERS", "4", "TAMBAT_PROCESSING_BATCH_SIZE", "5");
        try (TambatServerProcess first = ProcessingServers.server("pool-a", SCHEMA, busy).start();
                TambatServerProcess second = ProcessingServers.server("pool-b", SCHEMA, busy).start()) {
            first.awaitReady(ProcessingServers.READY);
            second.awaitReady(ProcessingServers.READY);
            db.count("WITH due AS (UPDATE webhook_inbox SET next_attempt_at = now() RETURNING 1) "
                    + "SELECT count(*) FROM due");
            Eventually.within(Duration.ofSeconds(90), () -> assertThat(
                    db.count("SELECT count(*) FROM webhook_inbox WHERE status = 'PROCESSED'")).isEqualTo(EVENTS));

            long byFirst = processedBy(first);
            long bySecond = processedBy(second);
            System.out.printf("pool a processed %d, pool b processed %d%n", byFirst, bySecond);
            assertThat(byFirst + bySecond).isEqualTo(EVENTS);
            assertThat(byFirst).as("both pools took work").isPositive();
            assertThat(bySecond).as("both pools took work").isPositive();
        }
        assertThat(db.count("SELECT count(*) FROM object_mutation")).isEqualTo(EVENTS);
        assertThat(db.count("SELECT count(DISTINCT object_id) FROM object_mutation")).isEqualTo(EVENTS);
        assertThat(db.count("SELECT count(*) FROM processed_event")).isEqualTo(EVENTS);
        assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE attempt_count <> 1")).as("leased twice")
                .isZero();
        assertThat(db.count("SELECT count(*) FROM webhook_inbox_history WHERE status = 'PROCESSING'"))
                .as("attempts taken over").isZero();
    }

    private static long processedBy(TambatServerProcess server) {
        String metrics = Http.send(Http.request(server.baseUri().resolve("metrics?scope=application")).GET()
                .build()).body();
        Matcher matcher = PROCESSED.matcher(metrics);
        return matcher.find() ? (long) Double.parseDouble(matcher.group(1)) : 0;
    }
}
