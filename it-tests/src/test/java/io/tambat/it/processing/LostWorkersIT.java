package io.tambat.it.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.it.support.Eventually;
import io.tambat.it.support.Http;
import io.tambat.it.support.TambatServerProcess;
import io.tambat.it.support.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every work item reaches an end, and only the worker holding its lease decides that end: an event that kills
 * every worker taking it ends FAILED {@code worker_lost} after the allowed attempts, and a worker that paused
 * past its lease can no longer write anything once another took the event over.
 */
class LostWorkersIT {

    private static final String SCHEMA = "tambat_lost_workers";
    private static final Duration CONVERGENCE = Duration.ofSeconds(60);

    private final TestDatabase db = new TestDatabase(SCHEMA);

    @BeforeEach
    void freshSchema() {
        db.dropSchema();
    }

    @Test
    void anEventThatKillsEveryWorkerEndsWorkerLostAndTheOthersAreProcessed() {
        String poison = ProcessingServers.newMessageId();
        String poisonObject = ProcessingServers.newObjectId();
        // Batches of one, so the poisoned event never shares a lease (and its lost attempts) with another.
        Map<String, String> armed = Map.of("TAMBAT_FAILPOINTS", "worker.before-complete@" + poison,
                "TAMBAT_PROCESSING_MAX_ATTEMPTS", "2", "TAMBAT_PROCESSING_BATCH_SIZE", "1",
                "TAMBAT_PROCESSING_WORKERS", "1");
        List<String> others = new ArrayList<>();
        try (TambatServerProcess ingress = ProcessingServers.server("lost-ingress", SCHEMA,
                Map.of("TAMBAT_PROCESSING_ENABLED", "false")).start().awaitReady(ProcessingServers.READY)) {
            assertThat(ProcessingServers.deliver(ingress.baseUri(), poison,
                    ProcessingServers.paymentEvent(poisonObject, 1, "succeeded")).statusCode()).isEqualTo(200);
            for (int i = 0; i < 5; i++) {
                String other = ProcessingServers.newMessageId();
                assertThat(ProcessingServers.deliver(ingress.baseUri(), other,
                        ProcessingServers.paymentEvent(ProcessingServers.newObjectId(), 1, "succeeded")).statusCode())
                        .isEqualTo(200);
                others.add(other);
            }
        }
        try (TambatServerProcess first = ProcessingServers.server("lost-1", SCHEMA, armed).start()) {
            assertThat(first.awaitExit(ProcessingServers.READY.plus(CONVERGENCE)))
                    .isEqualTo(TambatServerProcess.HALTED);
        }
        assertThat(attempts(poison)).isEqualTo(1);

        try (TambatServerProcess second = ProcessingServers.server("lost-2", SCHEMA, armed).start()) {
            assertThat(second.awaitExit(ProcessingServers.READY.plus(CONVERGENCE)))
                    .isEqualTo(TambatServerProcess.HALTED);
        }
        assertThat(attempts(poison)).isEqualTo(2);

        try (TambatServerProcess third = ProcessingServers.server("lost-3", SCHEMA, armed).start()
                .awaitReady(ProcessingServers.READY)) {
            Eventually.within(CONVERGENCE, () -> {
                assertThat(status(poison)).isEqualTo("FAILED");
                for (String other : others) {
                    assertThat(status(other)).as(other).isEqualTo("PROCESSED");
                }
            });
            assertThat(db.rows("SELECT last_error, attempt_count FROM webhook_inbox WHERE provider_event_id = ?",
                    poison).get(0)).containsEntry("attempt_count", 3)
                    .hasEntrySatisfying("last_error", error -> assertThat((String) error).startsWith("worker_lost"));
            assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", poisonObject)).isZero();
            assertThat(Http.send(Http.request(third.baseUri().resolve("metrics?scope=application")).GET().build())
                    .body()).contains("tambat_processing_worker_lost_total{mp_scope=\"application\",queue=\"inbox\",} 1.0");
        }
        for (String other : others) {
            assertThat(db.count("SELECT count(*) FROM processed_event WHERE provider_event_id = ?", other))
                    .isEqualTo(1);
        }
    }

    @Test
    void aWorkerPausedPastItsLeaseCannotEndTheEventAnotherTookOver() {
        String messageId = ProcessingServers.newMessageId();
        String objectId = ProcessingServers.newObjectId();
        try (TambatServerProcess paused = ProcessingServers.server("paused", SCHEMA,
                Map.of("TAMBAT_FAILPOINTS", "worker.before-complete=pause:PT45S", "TAMBAT_PROCESSING_WORKERS", "1"))
                .start()
                .awaitReady(ProcessingServers.READY)) {
            ProcessingServers.deliver(paused.baseUri(), messageId, ProcessingServers.paymentEvent(objectId, 1, "ok"));
            Eventually.within(CONVERGENCE, () -> assertThat(attempts(messageId)).isEqualTo(1));

            try (TambatServerProcess taker = ProcessingServers.server("taker", SCHEMA, Map.of()).start()
                    .awaitReady(ProcessingServers.READY)) {
                Eventually.within(CONVERGENCE, () -> assertThat(status(messageId)).isEqualTo("PROCESSED"));
                assertThat(attempts(messageId)).isEqualTo(2);
            }
            Eventually.within(Duration.ofSeconds(90), () -> assertThat(paused.console())
                    .contains("attempt 1 no longer holds its lease"));
        }
        assertThat(status(messageId)).isEqualTo("PROCESSED");
        assertThat(attempts(messageId)).isEqualTo(2);
        assertThat(db.count("SELECT count(*) FROM processed_event WHERE provider_event_id = ?", messageId))
                .isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM object_mutation WHERE object_id = ?", objectId)).isEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM webhook_inbox_history h JOIN webhook_inbox i USING (inbox_id) "
                + "WHERE i.provider_event_id = ? AND h.status = 'PROCESSED'", messageId)).isEqualTo(1);
    }

    private long attempts(String messageId) {
        return db.count("SELECT attempt_count FROM webhook_inbox WHERE provider_event_id = ?", messageId);
    }

    private String status(String messageId) {
        return io.tambat.it.support.StandardDeliveries.status(db, messageId);
    }
}
