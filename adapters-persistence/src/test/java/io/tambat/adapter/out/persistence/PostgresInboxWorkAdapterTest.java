package io.tambat.adapter.out.persistence;

import io.tambat.adapter.out.persistence.InboxPortContract.InboxPorts;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
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
}
