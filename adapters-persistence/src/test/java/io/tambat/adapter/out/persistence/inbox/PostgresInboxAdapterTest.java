package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.port.out.webhook.InboxPort.Insertion;
import jakarta.persistence.EntityManager;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The inbox contract on PostgreSQL, through {@link PostgresInboxAdapter} and {@link PostgresInboxWorkAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresInboxAdapterTest extends InboxPortContract {

    /** The statuses as operators read them, in JDBC's positional form. */
    private static final NumberedStatement HISTORY = NumberedStatement.of(PostgresInboxQueryAdapter.HISTORY);

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;

    PostgresInboxAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<InboxPorts> openSession() {
        return database.session(PostgresInboxAdapterTest::inboxPorts);
    }

    @Test
    void keepsTheKeyOfEachStoredEventNamingItsRow() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);

        session.run(ports -> ports.inbox().insertIfAbsent(entry.build()));
        session.run(ports -> ports.inbox().insertIfAbsent(entry.redelivered().receivedAt(NOW.plusSeconds(60))
                .build()));

        assertThat(database.value("SELECT inbox_id || ' ' || (received_at = ?) FROM webhook_event_key"
                + " WHERE provider = ? AND endpoint_id = 'shop' AND provider_event_id = ?", String.class,
                Timestamp.from(NOW), InboxEntryFixture.PROVIDER, entry.eventId()))
                .isEqualTo(entry.inboxId() + " true");
        assertThat(database.value("SELECT count(*) FROM webhook_event_key", Long.class)).isEqualTo(1L);
    }

    @Test
    void aKeyWhoseRowWasDeletedWithoutItIsGivenUpAndItsEventStoredAnew() {
        InboxEntryFixture gone = InboxEntryFixture.valid(NOW.minus(Duration.ofDays(100)));
        session.run(ports -> ports.inbox().insertIfAbsent(gone.build()));
        database.execute("DELETE FROM webhook_inbox");
        InboxEntryFixture redelivered = gone.redelivered().receivedAt(NOW);

        List<Insertion> insertions = session.call(ports -> ports.inbox().insertAll(List.of(redelivered.build(),
                redelivered.redelivered().build())));

        assertThat(insertions).containsExactly(new Insertion(redelivered.inboxId(), true),
                new Insertion(redelivered.inboxId(), false));
        assertThat(database.column("SELECT inbox_id FROM webhook_event_key", UUID.class))
                .containsExactly(redelivered.inboxId());
    }

    @Test
    void aDeliveryReceivedPastTheLastPartitionIsAnOutageTriedAgainNotARefusal() {
        InboxEntryFixture pastThePartitions = InboxEntryFixture.valid(Instant.now().plus(Duration.ofDays(60)));

        assertThatThrownBy(() -> session.run(ports -> ports.inbox().insertIfAbsent(pastThePartitions.build())))
                .isInstanceOf(StoreUnavailableException.class);
        assertThat(database.value("SELECT count(*) FROM webhook_event_key", Long.class)).isZero();
    }

    @Test
    void storesABodysKeyedDigestAndNoUnkeyedOne() {
        InboxEntryFixture entry = InboxEntryFixture.valid(NOW);

        session.run(ports -> ports.inbox().insertIfAbsent(entry.build()));

        assertThat(database.value("SELECT payload_digest FROM webhook_inbox WHERE inbox_id = ?", byte[].class,
                entry.inboxId())).isEqualTo(entry.keyedDigest());
        assertThat(database.value("SELECT payload_sha256 FROM webhook_inbox WHERE inbox_id = ?", byte[].class,
                entry.inboxId())).isNull();
    }

    @Test
    void storesAPayloadInTheObjectStoreAsTheNameOfItsObjectBesideAnotherInItsRow() {
        InboxEntryFixture inStore = InboxEntryFixture.valid(NOW);
        InboxEntryFixture inRow = InboxEntryFixture.valid(NOW);

        session.run(ports -> ports.inbox().insertAll(List.of(inStore.buildInObjectStore(), inRow.build())));

        assertThat(database.value("SELECT payload_object FROM webhook_inbox WHERE inbox_id = ?", String.class,
                inStore.inboxId())).isEqualTo(inStore.payloadObject().value());
        assertThat(database.value("SELECT payload_ciphertext FROM webhook_inbox WHERE inbox_id = ?", byte[].class,
                inStore.inboxId())).isNull();
        assertThat(database.value("SELECT payload_key_id FROM webhook_inbox WHERE inbox_id = ?", String.class,
                inStore.inboxId())).isEqualTo(InboxEntryFixture.KEY_ID);
        assertThat(database.value("SELECT payload_ciphertext FROM webhook_inbox WHERE inbox_id = ?", byte[].class,
                inRow.inboxId())).isEqualTo(inRow.body().getBytes(StandardCharsets.UTF_8));
        assertThat(database.value("SELECT payload_object FROM webhook_inbox WHERE inbox_id = ?", String.class,
                inRow.inboxId())).isNull();
    }

    @Test
    void aBodyAcceptedBeforeDigestsWereKeyedIsStillSeenWithinItsWindowAndRecordedAnewAfterIt() {
        InboxEntryFixture before = InboxEntryFixture.valid(NOW.minus(Duration.ofMinutes(1)));
        UUID earlier = UUID.randomUUID();
        database.execute("INSERT INTO webhook_body_seen (endpoint_id, payload_sha256, inbox_id, seen_at) "
                + "VALUES ('shop', ?, ?, ?)", before.bodySha256(), earlier, Timestamp.from(before.receivedAt()));
        InboxEntryFixture replay = InboxEntryFixture.valid(NOW).withBodyOf(before);

        Optional<UUID> seen = session.call(ports -> {
            ports.inbox().insertIfAbsent(replay.build());
            return ports.inbox().recordBodyUnlessSeen(replay.build(), NOW.minus(Duration.ofHours(1)));
        });
        InboxEntryFixture afterTheWindow = InboxEntryFixture.valid(NOW).withBodyOf(before);
        Optional<UUID> recordedAnew = session.call(ports -> {
            ports.inbox().insertIfAbsent(afterTheWindow.build());
            return ports.inbox().recordBodyUnlessSeen(afterTheWindow.build(), NOW.minusSeconds(30));
        });

        assertThat(seen).contains(earlier);
        assertThat(recordedAnew).isEmpty();
        assertThat(database.column("SELECT payload_digest FROM webhook_body_seen WHERE inbox_id = ?", byte[].class,
                afterTheWindow.inboxId())).containsExactly(afterTheWindow.keyedDigest());
    }

    /** The inbox adapters on one EntityManager, as the container injects them. */
    static InboxPorts inboxPorts(EntityManager em) {
        PostgresInboxAdapter inbox = new PostgresInboxAdapter();
        inbox.em = em;
        PostgresInboxWorkAdapter work = new PostgresInboxWorkAdapter();
        work.em = em;
        PostgresInboxRecoveryAdapter recovery = new PostgresInboxRecoveryAdapter();
        recovery.em = em;
        PostgresInboxRetentionAdapter retention = new PostgresInboxRetentionAdapter();
        retention.em = em;
        return new InboxPorts(inbox, work, recovery, retention);
    }

    @Override
    protected LeasedInboxEvent leasedBy(UUID inboxId, int attempt) {
        return database.leasedBy(inboxId, attempt);
    }

    @Override
    protected Optional<StoredInboxRow> stored(UUID inboxId) {
        List<String> status = database.column("""
                SELECT CASE WHEN lease_until IS NULL THEN status ELSE 'PROCESSING' END
                FROM webhook_inbox WHERE inbox_id = ?""", String.class, inboxId);
        if (status.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new StoredInboxRow(status.get(0),
                database.value("SELECT attempt_count FROM webhook_inbox WHERE inbox_id = ?", Integer.class, inboxId),
                Optional.ofNullable(database.value("SELECT last_error FROM webhook_inbox WHERE inbox_id = ?",
                        String.class, inboxId)),
                database.value("SELECT payload_ciphertext IS NOT NULL OR payload_object IS NOT NULL FROM webhook_inbox"
                        + " WHERE inbox_id = ?", Boolean.class, inboxId),
                database.column(HISTORY.sql(), String.class, HISTORY.positional(inboxId.toString()))));
    }
}
