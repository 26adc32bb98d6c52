package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.Race;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.port.out.webhook.InboxPort.Insertion;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The inbox keeps one row per event by its events' keys ({@code webhook_event_key}), without the unique constraint
 * over the whole inbox that a table partitioned by time cannot have (its unique keys must hold the time, and a
 * redelivery arrives at another): on a schema of its own with the constraint dropped, copies of an event inserted
 * at once, stamped on either side of midnight, leave one row, and each copy is answered with it.
 */
class InboxDuplicatesWithoutUniqueKeyTest {

    private static final String SCHEMA = "tambat_inbox_unkeyed";

    private static final Instant BEFORE_MIDNIGHT = Instant.parse("2026-03-01T23:59:59.990Z");

    private static final int ROUNDS = 20;

    private static ContractDatabase database;

    @BeforeAll
    static void migrateWithoutTheUniqueKey() {
        database = ContractDatabase.migrated(SCHEMA);
        database.execute("ALTER TABLE webhook_inbox DROP CONSTRAINT webhook_inbox_event_key");
    }

    @AfterAll
    static void dropSchema() {
        database.execute("DROP SCHEMA " + SCHEMA + " CASCADE");
        database.close();
    }

    @BeforeEach
    void emptyTables() {
        database.emptyTables();
    }

    @Test
    void copiesOfOneEventOnEitherSideOfMidnightInsertedAtOnceLeaveOneRow() {
        List<StoreSession<InboxPortContract.InboxPorts>> sessions = IntStream.range(0, 4)
                .mapToObj(i -> database.session(PostgresInboxAdapterTest::inboxPorts)).toList();
        try {
            for (int round = 0; round < ROUNDS; round++) {
                InboxEntryFixture first = InboxEntryFixture.valid(BEFORE_MIDNIGHT);
                List<InboxEntryFixture> copies = IntStream.range(0, sessions.size())
                        .mapToObj(i -> first.redelivered().receivedAt(BEFORE_MIDNIGHT.plusMillis(10L * i)))
                        .toList();
                List<Callable<Insertion>> inserts = IntStream.range(0, copies.size())
                        .<Callable<Insertion>>mapToObj(i -> () -> sessions.get(i).call(
                                ports -> ports.inbox().insertIfAbsent(copies.get(i).build())))
                        .toList();

                List<Insertion> insertions = Race.run(inserts);

                assertThat(insertions).filteredOn(Insertion::created).hasSize(1);
                Insertion holder = insertions.stream().filter(Insertion::created).findFirst().orElseThrow();
                assertThat(insertions).extracting(Insertion::inboxId).containsOnly(holder.inboxId());
                assertThat(database.value("SELECT count(*) FROM webhook_inbox WHERE provider_event_id = ?",
                        Long.class, first.eventId())).isEqualTo(1);
            }
        } finally {
            sessions.forEach(StoreSession::close);
        }
    }

    @Test
    void aRedeliveryDaysLaterIsAnsweredWithTheStoredRow() {
        InboxEntryFixture first = InboxEntryFixture.valid(BEFORE_MIDNIGHT);
        try (StoreSession<InboxPortContract.InboxPorts> session = database.session(PostgresInboxAdapterTest::inboxPorts)) {
            session.run(ports -> ports.inbox().insertIfAbsent(first.build()));
            InboxEntryFixture later = first.redelivered().receivedAt(BEFORE_MIDNIGHT.plus(Duration.ofDays(3)));

            Insertion insertion = session.call(ports -> ports.inbox().insertIfAbsent(later.build()));

            assertThat(insertion).isEqualTo(new Insertion(first.inboxId(), false));
        }
        assertThat(database.value("SELECT count(*) FROM webhook_inbox", Long.class)).isEqualTo(1);
    }

    @Test
    void twoEntriesOfOneEventInOneGroupCreateOneRowTheFirstOnesWhateverTheirDays() {
        InboxEntryFixture first = InboxEntryFixture.valid(BEFORE_MIDNIGHT.plusMillis(20));
        InboxEntryFixture earlierStamped = first.redelivered().receivedAt(BEFORE_MIDNIGHT);
        try (StoreSession<InboxPortContract.InboxPorts> session = database.session(PostgresInboxAdapterTest::inboxPorts)) {
            List<Insertion> insertions = session.call(ports -> ports.inbox().insertAll(List.of(first.build(),
                    earlierStamped.build())));

            assertThat(insertions).containsExactly(new Insertion(first.inboxId(), true),
                    new Insertion(first.inboxId(), false));
        }
        assertThat(database.value("SELECT count(*) FROM webhook_inbox", Long.class)).isEqualTo(1);
    }
}
