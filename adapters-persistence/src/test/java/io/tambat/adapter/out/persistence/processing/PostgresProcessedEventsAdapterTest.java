package io.tambat.adapter.out.persistence.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.processing.ProcessedEventsPort;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** An event's processed record, made once however often it is processed, named with when the event came. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresProcessedEventsAdapterTest extends SessionContract<ProcessedEventsPort> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;

    PostgresProcessedEventsAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<ProcessedEventsPort> openSession() {
        return database.session(em -> {
            PostgresProcessedEventsAdapter processed = new PostgresProcessedEventsAdapter();
            processed.em = em;
            return processed;
        });
    }

    @Test
    void recordsAnEventOnceWithWhenItWasReceivedAndTellsAReplayByItsRecord() {
        LeasedInboxEvent first = event(NOW.minusSeconds(30));
        LeasedInboxEvent second = event(NOW.minusSeconds(20));

        assertThat(session.<Set<UUID>>call(processed -> processed.recordAll(List.of(first, second), NOW)))
                .containsExactlyInAnyOrder(first.inboxId(), second.inboxId());
        assertThat(session.<Set<UUID>>call(processed -> processed.recordAll(List.of(first),
                NOW.plus(Duration.ofDays(2)))))
                .as("processed again, a day later: a replay").isEmpty();

        assertThat(database.value("SELECT count(*) FROM processed_event", Long.class)).isEqualTo(2L);
        assertThat(database.value("SELECT event_received_at FROM processed_event WHERE inbox_id = ?",
                Timestamp.class, first.inboxId())).isEqualTo(Timestamp.from(first.receivedAt()));
        assertThat(database.value("SELECT processed_at FROM processed_event WHERE inbox_id = ?",
                Timestamp.class, first.inboxId())).isEqualTo(Timestamp.from(NOW));
    }

    @Test
    void purgesOnlyRecordsProcessedBeforeTheCutoff() {
        LeasedInboxEvent old = event(NOW.minus(Duration.ofDays(40)));
        LeasedInboxEvent recent = event(NOW.minusSeconds(10));
        session.run(processed -> processed.recordAll(List.of(old), NOW.minus(Duration.ofDays(40))));
        session.run(processed -> processed.recordAll(List.of(recent), NOW));

        assertThat(session.<Integer>call(processed -> processed.purgeBefore(NOW.minus(Duration.ofDays(30)), 10)))
                .isEqualTo(1);

        assertThat(database.column("SELECT inbox_id FROM processed_event", UUID.class))
                .containsExactly(recent.inboxId());
    }

    private static LeasedInboxEvent event(Instant receivedAt) {
        UUID inboxId = UUID.randomUUID();
        return new LeasedInboxEvent(inboxId, "stripe", new EndpointId("shop"), "evt_" + inboxId,
                "payment_intent.succeeded", Optional.of("pi_1"), Optional.of(7L), new Lease(1, false), receivedAt,
                Optional.empty(), Optional.empty());
    }
}
