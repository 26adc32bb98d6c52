package io.tambat.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.InboxPortContract.InboxPorts;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The lease contract on the inbox's work queue, through {@link PostgresInboxWorkAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresInboxWorkAdapterTest extends WorkLeaseContract<InboxPorts, UUID> {

    private final ContractDatabase database;

    PostgresInboxWorkAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<InboxPorts> openSession() {
        return database.session(PostgresInboxAdapterTest::inboxPorts);
    }

    @Override
    protected UUID enqueue(Instant dueAt) {
        InboxEntryFixture entry = InboxEntryFixture.valid(dueAt);
        session.run(ports -> ports.inbox().insertIfAbsent(entry.build()));
        return entry.inboxId();
    }

    @Override
    protected List<LeasedItem<UUID>> leaseDue(InboxPorts ports, int max, Instant now, Instant leaseUntil) {
        return ports.work().leaseDue(max, now, leaseUntil).stream()
                .map(event -> new LeasedItem<>(event.inboxId(), event.lease()))
                .toList();
    }

    @Override
    protected boolean complete(InboxPorts ports, UUID inboxId, int attempt, Instant now) {
        return ports.work().markProcessed(List.of(InboxEntryFixture.leasedBy(inboxId, attempt)), now)
                .contains(inboxId);
    }

    @Override
    protected int storedAttemptCount(UUID inboxId) {
        return database.value("SELECT attempt_count FROM webhook_inbox WHERE inbox_id = ?", Integer.class, inboxId);
    }

    @Test
    void purgesOldProcessedRowsWithTheirHistoryButKeepsFailedRecentAndUnpublishedOnes() {
        Instant longAgo = Instant.parse("2026-01-01T00:00:00Z");
        UUID processed = enqueue(longAgo);
        UUID unpublished = enqueue(longAgo);
        UUID failed = enqueue(longAgo);
        session.run(ports -> {
            ports.work().leaseDue(10, longAgo, longAgo.plusSeconds(30));
            ports.work().markProcessed(List.of(InboxEntryFixture.leasedBy(processed, 1),
                    InboxEntryFixture.leasedBy(unpublished, 1)), longAgo);
            ports.work().fail(failed, 1, "rejected", longAgo);
        });
        database.execute("INSERT INTO webhook_outbox (inbox_id, topic, created_at) VALUES (?, 'inbox.received', ?)",
                unpublished, Timestamp.from(longAgo));
        Instant later = longAgo.plus(Duration.ofDays(2));
        UUID recent = enqueue(later);
        session.run(ports -> {
            ports.work().leaseDue(10, later, later.plusSeconds(30));
            ports.work().markProcessed(List.of(InboxEntryFixture.leasedBy(recent, 1)), later);
        });

        int purged = session.call(ports -> ports.work().purgeFinished(longAgo.plus(Duration.ofDays(1)), 10));

        assertThat(purged).isEqualTo(1);
        assertThat(database.column("SELECT inbox_id FROM webhook_inbox", UUID.class))
                .containsExactlyInAnyOrder(unpublished, failed, recent);
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ?", String.class,
                processed)).isEmpty();
        assertThat(database.column("SELECT status FROM webhook_inbox_history WHERE inbox_id = ?", String.class,
                recent)).containsExactly("PROCESSED");
    }
}
