package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.schema.TimePartitions;
import io.tambat.domain.port.out.retention.TimePartitionsPort.Records;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The keys of events whose rows went with their day's partition are purged in batches, on a schema of its own whose
 * days are dropped: only among the days dropped, and never the key of a row kept past its day.
 */
class EventKeyPurgeTest {

    private static final String SCHEMA = "tambat_key_purge";

    private static ContractDatabase database;
    private static TimePartitions partitions;

    @BeforeAll
    static void migrate() {
        database = ContractDatabase.migrated(SCHEMA);
        partitions = new TimePartitions(ContractDatabase.dataSource(SCHEMA), SCHEMA);
    }

    @AfterAll
    static void dropSchema() {
        database.execute("DROP SCHEMA " + SCHEMA + " CASCADE");
        database.close();
    }

    @Test
    void purgesTheKeysOfTheDaysDroppedInBatchesAndKeepsTheKeysOfRowsKeptAndOfDaysStillThere() throws Exception {
        Instant cutover = partitions.partitions(Records.INBOX_EVENTS).get(0).to();
        UUID gone = stored(cutover.plusSeconds(60), "PROCESSED");
        UUID goneToo = stored(cutover.plusSeconds(120), "PROCESSED");
        UUID kept = stored(cutover.plusSeconds(180), "FAILED");
        UUID nextDay = stored(cutover.plus(Duration.ofDays(1)), "PROCESSED");
        Instant cutoff = cutover.plus(Duration.ofDays(1));
        assertThat(partitions.dropOldestBefore(Records.INBOX_EVENTS, cutoff)).isPresent();
        assertThat(partitions.dropOldestBefore(Records.INBOX_EVENTS, cutoff)).as("the day of three rows").isPresent();

        List<Integer> purged = List.of(purge(cutoff.plus(Duration.ofDays(30))), purge(cutoff.plus(Duration.ofDays(30))),
                purge(cutoff.plus(Duration.ofDays(30))));

        assertThat(purged).containsExactly(1, 1, 0);
        assertThat(database.column("SELECT inbox_id FROM webhook_event_key", UUID.class))
                .as("the FAILED row's, kept past its day, and the next day's, not dropped")
                .containsExactlyInAnyOrder(kept, nextDay).doesNotContain(gone, goneToo);
    }

    private UUID stored(Instant receivedAt, String status) {
        InboxEntryFixture entry = InboxEntryFixture.valid(receivedAt);
        try (StoreSession<InboxPortContract.InboxPorts> session = database.session(
                PostgresInboxAdapterTest::inboxPorts)) {
            session.run(ports -> ports.inbox().insertIfAbsent(entry.build()));
        }
        database.execute("UPDATE webhook_inbox SET status = ? WHERE inbox_id = ?", status, entry.inboxId());
        return entry.inboxId();
    }

    private int purge(Instant receivedBefore) {
        try (StoreSession<InboxPortContract.InboxPorts> session = database.session(
                PostgresInboxAdapterTest::inboxPorts)) {
            return session.call(ports -> ports.retention().purgeKeysWithoutRows(receivedBefore, 1));
        }
    }
}
