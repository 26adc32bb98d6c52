package io.tambat.it.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Retention, with its windows shortened to seconds: raw payloads of finished rows and processed records are
 * purged in batches while the inbox row stays, so a late redelivery is still a duplicate; once the finished
 * row's own retention ends, the row goes with its notifications and its mutation trail (its history goes by its
 * day, long after this test), and a redelivery is accepted as new but changes nothing, the ordering rule keeping
 * the state as it is.
 */
class RetentionIT {

    private static final String SCHEMA = "tambat_retention";

    @Test
    void purgesPayloadsAndProcessedRecordsButKeepsTheRowThatMakesRedeliveriesDuplicates() {
        TestDatabase db = new TestDatabase(SCHEMA).dropSchema();
        try (TambatServerProcess server = ProcessingServers.server("retention", SCHEMA, Map.of(
                "TAMBAT_RETENTION_PAYLOADS", "PT1S",
                "TAMBAT_RETENTION_PROCESSED_EVENTS", "PT1S",
                "TAMBAT_RETENTION_INTERVAL", "PT1S")).start().awaitReady(ProcessingServers.READY)) {
            String messageId = ProcessingServers.newMessageId();
            byte[] body = ProcessingServers.paymentEvent("pay_retained", 1, "succeeded");
            assertThat(ProcessingServers.deliver(server.baseUri(), messageId, body).statusCode()).isEqualTo(200);

            Eventually.within(Duration.ofSeconds(60), () -> {
                assertThat(db.rows("SELECT status, payload_ciphertext FROM webhook_inbox WHERE provider_event_id = ?",
                        messageId).get(0)).containsEntry("status", "PROCESSED").containsEntry("payload_ciphertext", null);
                assertThat(db.count("SELECT count(*) FROM processed_event WHERE provider_event_id = ?", messageId))
                        .isZero();
            });

            assertThat(ProcessingServers.deliver(server.baseUri(), messageId, body).body()).contains("\"duplicate\"");
            assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = 'pay_retained'")).isEqualTo(1);
            assertThat(Http.send(Http.request(server.baseUri().resolve("metrics?scope=application")).GET().build())
                    .body()).containsPattern("tambat_retention_purged_total\\{kind=\"payloads\"[^}]*} [1-9]")
                    .containsPattern("tambat_retention_purged_total\\{kind=\"processed_events\"[^}]*} [1-9]")
                    .as("partitions by day, created at start 14 days ahead, and up to the end of that day")
                    .containsPattern("tambat_partitions_ahead_seconds\\{[^}]*} 1[23]\\d{5}(\\.0)?\\R");
        }
    }

    @Test
    void purgesFinishedRowsWithTheirTrailAndAcceptsALaterRedeliveryWithoutApplyingItAgain() {
        TestDatabase db = new TestDatabase(SCHEMA + "_rows").dropSchema();
        try (TambatServerProcess server = ProcessingServers.server("retention-rows", SCHEMA + "_rows", Map.of(
                "TAMBAT_RETENTION_FINISHED_ROWS", "PT10S",
                "TAMBAT_RETENTION_PROCESSED_EVENTS", "PT1S",
                "TAMBAT_RETENTION_INTERVAL", "PT1S")).start().awaitReady(ProcessingServers.READY)) {
            String messageId = ProcessingServers.newMessageId();
            byte[] body = ProcessingServers.paymentEvent("pay_forgotten", 1, "succeeded");
            assertThat(ProcessingServers.deliver(server.baseUri(), messageId, body).statusCode()).isEqualTo(200);
            Eventually.within(Duration.ofSeconds(30), () -> assertThat(db.count(
                    "SELECT count(*) FROM object_mutation WHERE object_id = 'pay_forgotten'")).isEqualTo(1));
            Object firstInboxId = db.rows("SELECT last_inbox_id FROM object_state WHERE object_id = 'pay_forgotten'")
                    .get(0).get("last_inbox_id");

            Eventually.within(Duration.ofSeconds(60), () -> {
                assertThat(db.count("SELECT count(*) FROM webhook_inbox WHERE provider_event_id = ?", messageId))
                        .isZero();
                assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = 'pay_forgotten'"))
                        .isZero();
            });

            assertThat(ProcessingServers.deliver(server.baseUri(), messageId, body).body())
                    .doesNotContain("\"duplicate\"");
            Eventually.within(Duration.ofSeconds(8), () -> assertThat(db.rows(
                    "SELECT status FROM webhook_inbox WHERE provider_event_id = ?", messageId))
                    .containsExactly(Map.of("status", "PROCESSED")));
            assertThat(db.rows("SELECT version, last_inbox_id FROM object_state WHERE object_id = 'pay_forgotten'"))
                    .containsExactly(Map.of("version", 1L, "last_inbox_id", firstInboxId));
            assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = 'pay_forgotten'")).isZero();
            assertThat(Http.send(Http.request(server.baseUri().resolve("metrics?scope=application")).GET().build())
                    .body()).containsPattern("tambat_retention_purged_total\\{kind=\"inbox_rows\"[^}]*} [1-9]")
                    .containsPattern("tambat_retention_purged_total\\{kind=\"mutations\"[^}]*} [1-9]");
        }
    }
}
