package io.tambat.adapter.out.persistence;

import io.tambat.domain.port.out.InboxWorkPort;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.extension.ExtendWith;

/** The lease contract on the inbox's work queue, through {@link PostgresInboxWorkAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresInboxWorkAdapterTest extends WorkLeaseContract<UUID> {

    private final ContractDatabase database;

    PostgresInboxWorkAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected UUID enqueue(Instant dueAt) {
        InboxEntryFixture entry = InboxEntryFixture.valid(dueAt);
        try (StoreSession<PostgresInboxAdapter> session = database.session(em -> {
            PostgresInboxAdapter inbox = new PostgresInboxAdapter();
            inbox.em = em;
            return inbox;
        })) {
            session.run(inbox -> inbox.insertIfAbsent(entry.build()));
        }
        return entry.inboxId();
    }

    @Override
    protected Worker<UUID> openWorker() {
        StoreSession<InboxWorkPort> session = database.session(em -> {
            PostgresInboxWorkAdapter work = new PostgresInboxWorkAdapter();
            work.em = em;
            return work;
        });
        return new Worker<>() {
            @Override
            public List<LeasedItem<UUID>> leaseDue(int max, Instant now, Instant leaseUntil) {
                return session.call(work -> work.leaseDue(max, now, leaseUntil).stream()
                        .map(event -> new LeasedItem<>(event.inboxId(), event.lease()))
                        .toList());
            }

            @Override
            public boolean complete(UUID inboxId, int attempt, Instant now) {
                return session.call(work -> work.markProcessed(inboxId, attempt, now));
            }

            @Override
            public void close() {
                session.close();
            }
        };
    }

    @Override
    protected int storedAttemptCount(UUID inboxId) {
        return database.value("SELECT attempt_count FROM webhook_inbox WHERE inbox_id = ?", Integer.class, inboxId);
    }
}
