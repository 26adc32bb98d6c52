package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.Race;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.port.out.webhook.InboxPort.Insertion;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The inbox, partitioned by day of receipt, keeps one row per event by its events' keys ({@code webhook_event_key}),
 * where no unique key of its own could (its unique keys hold the day, and a redelivery arrives on another): copies of
 * an event inserted at once, stamped on either side of a midnight between two days' partitions, leave one row, and
 * each copy is answered with it.
 */
@ExtendWith(ContractDatabaseExtension.class)
class InboxDuplicatesAcrossDaysTest {

    /**
     * Just before a midnight between two days of their own: past the first partition, which holds every time before
     * the cutover a week from the migration, and within the two weeks of days created ahead.
     */
    private static final Instant BEFORE_MIDNIGHT = LocalDate.now(ZoneOffset.UTC).plusDays(10)
            .atStartOfDay(ZoneOffset.UTC).toInstant().minusMillis(10);

    private static final int ROUNDS = 20;

    private final ContractDatabase database;

    InboxDuplicatesAcrossDaysTest(ContractDatabase database) {
        this.database = database;
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
        assertThat(database.column("SELECT CAST(tableoid AS regclass) || '' FROM webhook_inbox", String.class))
                .as("the row stays in its day's partition").singleElement().asString()
                .endsWith("webhook_inbox_p" + DateTimeFormatter.BASIC_ISO_DATE.format(
                        LocalDate.ofInstant(BEFORE_MIDNIGHT, ZoneOffset.UTC)));
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
