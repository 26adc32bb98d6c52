package io.tambat.adapter.out.persistence.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.domain.port.out.retention.TimePartitionsPort.Records;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import java.sql.Connection;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The attempt history partitioned by day, on a schema of its own: an existing table becomes the first partition
 * with every row it held, the days ahead are created, and retention drops a whole day in one short transaction.
 */
class TimePartitionsTest {

    private static final String SCHEMA = "tambat_partitions";
    private static final int ROWS_A_DAY = 20_000;

    @RegisterExtension
    final ScratchSchema scratch = new ScratchSchema(SCHEMA);
    private final PGSimpleDataSource dataSource = scratch.dataSource;
    private final TimePartitions partitions = new TimePartitions(dataSource, SCHEMA);

    @Test
    void theTableBeforeBecomesTheFirstPartitionWithEveryRowItHeld() throws Exception {
        scratch.migrateTo("29");
        inboxRows(Instant.parse("2026-11-01T00:00:00Z"), 3);
        ContractDatabase.update(dataSource, "INSERT INTO webhook_inbox_history (inbox_id, status, at) "
                + "SELECT inbox_id, 'PROCESSED', received_at FROM webhook_inbox");

        scratch.migration().migrate();

        Instant cutover = ContractDatabase.query(dataSource,
                "SELECT cutover FROM time_partitioning WHERE table_name = 'webhook_inbox_history'",
                OffsetDateTime.class).get(0).toInstant();
        assertThat(cutover).as("the start of the seventh day from today")
                .isEqualTo(LocalDate.now(ZoneOffset.UTC).plusDays(7).atStartOfDay(ZoneOffset.UTC).toInstant());
        assertThat(partitions.partitions(Records.ATTEMPT_HISTORY)).containsExactly(
                new TimePartitions.Partition("webhook_inbox_history_before", Optional.empty(), cutover));
        assertThat(count("SELECT count(*) FROM webhook_inbox_history")).isEqualTo(3);
        assertThat(count("SELECT count(*) FROM ONLY webhook_inbox_history_before")).isEqualTo(3);
        // As the release before writes it, now.
        ContractDatabase.update(dataSource, "INSERT INTO webhook_inbox_history (inbox_id, status, at) "
                + "SELECT inbox_id, 'RECEIVED', now() FROM webhook_inbox LIMIT 1");
        assertThat(count("SELECT count(*) FROM webhook_inbox_history WHERE history_id = 4")).isEqualTo(1);
        ContractDatabase.update(dataSource, "DELETE FROM webhook_inbox");
        assertThat(count("SELECT count(*) FROM webhook_inbox_history")).as("history goes by its day, not its row")
                .isEqualTo(4);
        assertThat(count("SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND connamespace = CAST('" + SCHEMA
                + "' AS regnamespace) AND conname LIKE 'webhook_inbox_history%'")).as("nothing ties a day to the inbox")
                .isZero();
    }

    @Test
    void createsTheDaysAheadOnceAndDropsADayOfRowsInOneShortTransaction() throws Exception {
        new FlywaySchema(dataSource, SCHEMA, Clock.systemUTC(), Duration.ofDays(1)).migrate();
        Instant cutover = partitions.partitions(Records.ATTEMPT_HISTORY).get(0).to();
        assertThat(partitions.partitions(Records.ATTEMPT_HISTORY)).as("the first, then two weeks ahead")
                .hasSize(1 + (int) Duration.between(cutover, LocalDate.now(ZoneOffset.UTC).plusDays(15)
                        .atStartOfDay(ZoneOffset.UTC).toInstant()).toDays());
        assertThat(partitions.createThrough(Instant.now().plus(TimePartitionsPort.AHEAD), Duration.ofDays(1)))
                .as("all there").isZero();
        assertThat(partitions.coveredUntil()).contains(LocalDate.now(ZoneOffset.UTC).plusDays(15)
                .atStartOfDay(ZoneOffset.UTC).toInstant());
        inboxRows(cutover.minus(Duration.ofDays(1)), 1);
        for (int day = 0; day < 4; day++) {
            Instant start = cutover.plus(Duration.ofDays(day));
            ContractDatabase.update(dataSource, "INSERT INTO webhook_inbox_history (inbox_id, status, at) "
                    + "SELECT (SELECT inbox_id FROM webhook_inbox LIMIT 1), 'PROCESSED', "
                    + "CAST(? AS timestamptz) + n * interval '1 second' FROM generate_series(0, ? - 1) n",
                    start.toString(), ROWS_A_DAY);
        }
        Instant cutoff = cutover.plus(Duration.ofDays(2));

        List<String> dropped = new ArrayList<>();
        for (Optional<TimePartitions.Partition> gone = drop(cutoff); gone.isPresent(); gone = drop(cutoff)) {
            dropped.add(gone.get().name());
        }

        String firstDay = LocalDate.ofInstant(cutover, ZoneOffset.UTC).format(java.time.format.DateTimeFormatter
                .BASIC_ISO_DATE);
        assertThat(dropped).containsExactly("webhook_inbox_history_before", "webhook_inbox_history_p" + firstDay,
                "webhook_inbox_history_p" + LocalDate.ofInstant(cutover, ZoneOffset.UTC).plusDays(1)
                        .format(DateTimeFormatter.BASIC_ISO_DATE));
        assertThat(count("SELECT count(*) FROM webhook_inbox_history")).as("the two days past the cutoff")
                .isEqualTo(2 * ROWS_A_DAY);
        assertThat(count("SELECT count(*) FROM webhook_inbox_history WHERE at < CAST('" + cutoff
                + "' AS timestamptz)")).isZero();
        assertThat(count("SELECT count(*) FROM pg_tables WHERE schemaname = '" + SCHEMA
                + "' AND tablename IN ('webhook_inbox_history_before', 'webhook_inbox_history_p" + firstDay + "')"))
                .as("dropped, not only detached").isZero();
    }

    @Test
    void partitionsCoverTheWidthGivenFromTheEndOfTheLastAndADroppedOneGoesWhole() throws Exception {
        new FlywaySchema(dataSource, SCHEMA, Clock.systemUTC(), Duration.ofDays(8)).migrate();
        Instant cutover = partitions.partitions(Records.INBOX_EVENTS).get(0).to();
        assertThat(partitions.createThrough(cutover.plus(Duration.ofDays(8)), Duration.ofDays(8)))
                .as("the next of each table").isEqualTo(3);

        assertThat(partitions.partitions(Records.INBOX_EVENTS)).as("the first, then 8 days at a time through the"
                + " fourteenth day ahead, and on").containsExactly(
                        new TimePartitions.Partition("webhook_inbox_before", Optional.empty(), cutover),
                        new TimePartitions.Partition(partitionOf(cutover), Optional.of(cutover),
                                cutover.plus(Duration.ofDays(8))),
                        new TimePartitions.Partition(partitionOf(cutover.plus(Duration.ofDays(8))),
                                Optional.of(cutover.plus(Duration.ofDays(8))), cutover.plus(Duration.ofDays(16))));
        inboxRows(cutover.plus(Duration.ofDays(1)), 2);
        inboxRows(cutover.plus(Duration.ofDays(7)), 3);
        inboxRows(cutover.plus(Duration.ofDays(8)), 1);

        assertThat(drop(Records.INBOX_EVENTS, cutover.plus(Duration.ofDays(7)))).as("the first, empty").isPresent();
        assertThat(drop(Records.INBOX_EVENTS, cutover.plus(Duration.ofDays(7))))
                .as("not while a day of it is inside the window").isEmpty();
        assertThat(drop(Records.INBOX_EVENTS, cutover.plus(Duration.ofDays(8)))).isPresent();
        assertThat(count("SELECT count(*) FROM webhook_inbox")).as("the eight days' rows gone at once").isEqualTo(1);
    }

    private static String partitionOf(Instant from) {
        return "webhook_inbox_p" + LocalDate.ofInstant(from, ZoneOffset.UTC).format(DateTimeFormatter.BASIC_ISO_DATE);
    }

    @Test
    void aDayOfTheInboxGoesWhileTheRowsItKeepsMoveIntoThePartitionOfKeptRows() throws Exception {
        new FlywaySchema(dataSource, SCHEMA, Clock.systemUTC(), Duration.ofDays(1)).migrate();
        List<TimePartitions.Partition> days = partitions.partitions(Records.INBOX_EVENTS);
        Instant cutover = days.get(0).to();
        inboxRow(cutover.minus(Duration.ofDays(3)), "FAILED", "failed_in_the_first");
        inboxRows(cutover.minus(Duration.ofDays(2)), 2);
        inboxRows(cutover.plus(Duration.ofHours(1)), 3);
        inboxRow(cutover.plus(Duration.ofHours(2)), "FAILED", "failed");
        String forwarded = inboxRow(cutover.plus(Duration.ofHours(3)), "PROCESSED", "forwarding");
        ContractDatabase.update(dataSource, """
                INSERT INTO forward_delivery (destination_id, message_type, message_id, inbox_id, event_received_at,
                    ordering_key, status, next_attempt_at, created_at)
                SELECT 'shop', 'event', 'm1', inbox_id, received_at, 'k1', 'PENDING', now(), now()
                FROM webhook_inbox WHERE inbox_id = CAST(? AS uuid)""", forwarded);
        inboxRows(cutover.plus(Duration.ofDays(1)), 2);
        inboxRow(cutover.plus(Duration.ofDays(1)).plusSeconds(5), "RECEIVED", "retried");
        Instant cutoff = cutover.plus(Duration.ofDays(2));

        List<String> dropped = new ArrayList<>();
        for (Optional<TimePartitions.Partition> gone = drop(Records.INBOX_EVENTS, cutoff); gone.isPresent();
                gone = drop(Records.INBOX_EVENTS, cutoff)) {
            dropped.add(gone.get().name());
        }

        assertThat(dropped).containsExactly("webhook_inbox_before", days.get(1).name(), days.get(2).name());
        assertThat(partitions.partitions(Records.INBOX_EVENTS).get(0))
                .as("one partition for the first and the days dropped")
                .isEqualTo(new TimePartitions.Partition("webhook_inbox_kept", Optional.empty(), cutoff));
        assertThat(ContractDatabase.query(dataSource, "SELECT provider_event_id FROM webhook_inbox ORDER BY 1",
                String.class)).as("FAILED, forwarding, still tried")
                .containsExactly("failed", "failed_in_the_first", "forwarding", "retried");
        assertThat(count("SELECT count(*) FROM ONLY webhook_inbox_kept")).isEqualTo(4);
        assertThat(count("SELECT count(*) FROM pg_indexes WHERE schemaname = '" + SCHEMA
                + "' AND tablename = 'webhook_inbox_kept'")).as("the table's indexes").isEqualTo(9);
        assertThat(attachingAgain("webhook_inbox", "webhook_inbox_kept", "MINVALUE", cutoff))
                .as("its bound is implied by its validated check: attaching it reads none of its rows")
                .anyMatch(notice -> notice.contains("is implied by existing constraints"));
    }

    /**
     * What PostgreSQL says, at its DEBUG1 level, when {@code partition} is detached and attached again with the
     * bound {@code [from, to)}; nothing is kept of it.
     */
    private List<String> attachingAgain(String table, String partition, String from, Instant to) throws Exception {
        List<String> notices = new ArrayList<>();
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.execute("SET LOCAL search_path = " + SCHEMA);
            statement.execute("ALTER TABLE " + table + " DETACH PARTITION " + partition);
            statement.execute("SET LOCAL client_min_messages = debug1");
            statement.execute("ALTER TABLE " + table + " ATTACH PARTITION " + partition + " FOR VALUES FROM (" + from
                    + ") TO ('" + to + "')");
            for (SQLWarning notice = statement.getWarnings(); notice != null; notice = notice.getNextWarning()) {
                notices.add(notice.getMessage());
            }
            connection.rollback();
        }
        return notices;
    }

    @Test
    void aDayOfTheTrailGoesWhileTheMutationsAnUnfinishedStateChangeSendsMoveIntoThePartitionOfKeptRows()
            throws Exception {
        new FlywaySchema(dataSource, SCHEMA, Clock.systemUTC(), Duration.ofDays(1)).migrate();
        List<TimePartitions.Partition> days = partitions.partitions(Records.MUTATION_TRAIL);
        Instant cutover = days.get(0).to();
        mutation(cutover.minus(Duration.ofDays(3)), "sent_in_the_first", "DELIVERED");
        mutation(cutover.minus(Duration.ofDays(2)), "failed_in_the_first", "FAILED");
        mutation(cutover.plus(Duration.ofHours(1)), "sent", "DELIVERED");
        mutation(cutover.plus(Duration.ofHours(2)), "pending", "PENDING");
        mutation(cutover.plus(Duration.ofHours(3)), "skipped", "SKIPPED");
        mutation(cutover.plus(Duration.ofHours(4)), "not_forwarded", null);
        mutation(cutover.plus(Duration.ofDays(2)).plusSeconds(5), "the_day_after", "PENDING");
        Instant cutoff = cutover.plus(Duration.ofDays(1));

        List<String> dropped = new ArrayList<>();
        for (Optional<TimePartitions.Partition> gone = drop(Records.MUTATION_TRAIL, cutoff); gone.isPresent();
                gone = drop(Records.MUTATION_TRAIL, cutoff)) {
            dropped.add(gone.get().name());
        }

        assertThat(dropped).containsExactly("object_mutation_before", days.get(1).name());
        assertThat(partitions.partitions(Records.MUTATION_TRAIL).get(0))
                .isEqualTo(new TimePartitions.Partition("object_mutation_kept", Optional.empty(), cutoff));
        assertThat(ContractDatabase.query(dataSource, "SELECT object_id FROM object_mutation ORDER BY 1",
                String.class)).as("those a state change still has to send, and the day after")
                .containsExactly("failed_in_the_first", "pending", "the_day_after");
        assertThat(count("SELECT count(*) FROM ONLY object_mutation_kept")).isEqualTo(2);
        assertThat(attachingAgain("object_mutation", "object_mutation_kept", "MINVALUE", cutoff))
                .anyMatch(notice -> notice.contains("is implied by existing constraints"));
        assertThat(ContractDatabase.query(dataSource, "SELECT object_id FROM object_mutation"
                + " WHERE mutation_id > 0 AND event_received_at = CAST(? AS timestamptz)", String.class,
                cutover.plus(Duration.ofHours(2)).toString())).as("found by its key in the kept rows")
                .containsExactly("pending");
    }

    /**
     * An event's inbox row and mutation, received at {@code receivedAt}, and a delivery of its state change in
     * {@code delivery}'s status, or none.
     */
    private void mutation(Instant receivedAt, String objectId, String delivery) {
        String inboxId = inboxRow(receivedAt, "PROCESSED", objectId);
        ContractDatabase.update(dataSource, """
                INSERT INTO object_mutation (provider, endpoint_id, object_type, object_id, inbox_id, state,
                    applied_at, event_received_at)
                VALUES ('github', 'main', 'push', ?, CAST(? AS uuid), 'done', CAST(? AS timestamptz),
                    CAST(? AS timestamptz))""", objectId, inboxId, receivedAt.plusSeconds(1).toString(),
                receivedAt.toString());
        if (delivery != null) {
            ContractDatabase.update(dataSource, """
                    INSERT INTO forward_delivery (destination_id, message_type, message_id, inbox_id,
                        event_received_at, ordering_key, status, next_attempt_at, created_at)
                    VALUES ('shop', 'state-change', ?, CAST(? AS uuid), CAST(? AS timestamptz), ?, ?, now(),
                        now())""", inboxId, inboxId, receivedAt.toString(), objectId, delivery);
        }
    }

    /** One drop, timed: a day of rows goes in one transaction whose length does not grow with the rows. */
    private Optional<TimePartitions.Partition> drop(Instant cutoff) throws Exception {
        return drop(Records.ATTEMPT_HISTORY, cutoff);
    }

    private Optional<TimePartitions.Partition> drop(Records records, Instant cutoff) throws Exception {
        long started = System.nanoTime();
        Optional<TimePartitions.Partition> gone = partitions.dropOldestBefore(records, cutoff);
        gone.ifPresent(partition -> System.out.printf("dropped %s in %.1f ms%n", partition.name(),
                (System.nanoTime() - started) / 1e6));
        return gone;
    }

    private void inboxRows(Instant receivedAt, int count) {
        ContractDatabase.update(dataSource, """
                INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type,
                    received_at, payload_key_id, payload_sha256, matched_secret_version, status, attempt_count,
                    next_attempt_at)
                SELECT gen_random_uuid(), 'github', 'main', 'evt_' || n, 'push', CAST(? AS timestamptz), 'k1',
                    '\\x00', 'v1', 'PROCESSED', 1, CAST(? AS timestamptz)
                FROM generate_series(1, ?) n""", receivedAt.toString(), receivedAt.toString(), count);
    }

    /** One row in this status, for this event; returns its id. */
    private String inboxRow(Instant receivedAt, String status, String eventId) {
        return ContractDatabase.query(dataSource, """
                INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type,
                    received_at, payload_key_id, payload_sha256, matched_secret_version, status, attempt_count,
                    next_attempt_at)
                VALUES (gen_random_uuid(), 'github', 'main', ?, 'push', CAST(? AS timestamptz), 'k1', '\\x00', 'v1',
                    ?, 1, CAST(? AS timestamptz))
                RETURNING CAST(inbox_id AS text)""", String.class, eventId, receivedAt.toString(), status,
                receivedAt.toString()).get(0);
    }

    private long count(String sql) {
        return ContractDatabase.query(dataSource, sql, Long.class).get(0);
    }
}
