package io.tambat.adapter.out.persistence;

import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.extension.ExtendWith;

/** The inbox contract on PostgreSQL, through {@link PostgresInboxAdapter} and {@link PostgresInboxWorkAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresInboxAdapterTest extends InboxPortContract {

    /** The statuses as operators read them, in JDBC's positional form. */
    private static final NumberedStatement HISTORY = NumberedStatement.of(PostgresInboxQueryAdapter.HISTORY);

    private final ContractDatabase database;

    PostgresInboxAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<InboxPorts> openSession() {
        return database.session(PostgresInboxAdapterTest::inboxPorts);
    }

    /** The inbox adapters on one EntityManager, as the container injects them. */
    static InboxPorts inboxPorts(EntityManager em) {
        PostgresInboxAdapter inbox = new PostgresInboxAdapter();
        inbox.em = em;
        PostgresInboxWorkAdapter work = new PostgresInboxWorkAdapter();
        work.em = em;
        return new InboxPorts(inbox, work);
    }

    @Override
    protected Optional<StoredInboxRow> stored(UUID inboxId) {
        List<String> status = database.column("SELECT " + InboxRows.STATUS + " FROM webhook_inbox WHERE inbox_id = ?",
                String.class, inboxId);
        if (status.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new StoredInboxRow(status.get(0),
                database.value("SELECT attempt_count FROM webhook_inbox WHERE inbox_id = ?", Integer.class, inboxId),
                Optional.ofNullable(database.value("SELECT last_error FROM webhook_inbox WHERE inbox_id = ?",
                        String.class, inboxId)),
                database.value("SELECT payload_ciphertext IS NOT NULL FROM webhook_inbox WHERE inbox_id = ?",
                        Boolean.class, inboxId),
                database.column(HISTORY.sql(), String.class, HISTORY.positional(inboxId.toString()))));
    }
}
