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
 * Retention, with its windows shortened to a second: raw payloads of finished rows and processed records
 * are purged in batches, the inbox row stays, and a late redelivery is still a duplicate.
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
                    .containsPattern("tambat_retention_purged_total\\{kind=\"processed_events\"[^}]*} [1-9]");
        }
    }
}
