package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.schema.ScratchSchema;
import io.tambat.adapter.out.persistence.schema.TimePartitions;
import io.tambat.domain.port.out.retention.TimePartitionsPort;
import io.tambat.domain.port.out.retention.TimePartitionsPort.Records;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Migrations V35 to V40 on an inbox as the two releases before left it: every stored event gets its key naming its
 * row, and the inbox becomes a table partitioned by day whose first partition is the table before, with every row,
 * index and storage parameter it had, written on as the release before writes it. On a schema of its own, migrated
 * to V34, filled, then migrated to the end.
 */
class InboxPartitionMigrationTest {

    private static final String SCHEMA = "tambat_inbox_partitioning";
    private static final String RECEIVED = "2026-11-01T10:00:00Z";

    @RegisterExtension
    final ScratchSchema scratch = new ScratchSchema(SCHEMA);
    private final PGSimpleDataSource dataSource = scratch.dataSource;

    @Test
    void everyEventKeepsItsKeyAndTheTableBeforeBecomesTheFirstPartitionWithEveryRow() throws Exception {
        scratch.migrateTo("34");
        row("a");
        key("a", "00000000-0000-0000-0000-00000000000a");
        row("b");
        row("c");
        key("c", "00000000-0000-0000-0000-0000000000ff");
        key("d", "00000000-0000-0000-0000-00000000000d");

        scratch.migration().migrate();

        assertThat(ContractDatabase.query(dataSource, "SELECT provider_event_id || '>' || inbox_id || ' '"
                + " || (received_at = CAST('" + RECEIVED + "' AS timestamptz)) FROM webhook_event_key ORDER BY 1",
                String.class)).as("keys written with their rows, filled, made to name the row, and one without a row")
                .containsExactly("a>00000000-0000-0000-0000-00000000000a true",
                        "b>00000000-0000-0000-0000-00000000000b true", "c>00000000-0000-0000-0000-00000000000c true",
                        "d>00000000-0000-0000-0000-00000000000d true");
        Instant cutover = ContractDatabase.query(dataSource,
                "SELECT cutover FROM time_partitioning WHERE table_name = 'webhook_inbox'", OffsetDateTime.class)
                .get(0).toInstant();
        assertThat(cutover).as("the start of the seventh day from today")
                .isEqualTo(LocalDate.now(ZoneOffset.UTC).plusDays(7).atStartOfDay(ZoneOffset.UTC).toInstant());
        TimePartitions partitions = new TimePartitions(dataSource, SCHEMA);
        assertThat(partitions.partitions(Records.INBOX_EVENTS)).containsExactly(
                new TimePartitions.Partition("webhook_inbox_before", Optional.empty(), cutover));
        assertThat(ContractDatabase.query(dataSource, "SELECT provider_event_id FROM ONLY webhook_inbox_before"
                + " ORDER BY 1", String.class)).containsExactly("a", "b", "c");
        assertThat(ContractDatabase.query(dataSource, "SELECT pg_get_constraintdef(oid) FROM pg_constraint"
                + " WHERE conrelid = CAST('webhook_inbox' AS regclass) AND contype IN ('p', 'u')", String.class))
                .as("no unique key without the day").containsExactly("PRIMARY KEY (inbox_id, received_at)");
        assertThat(scratch.attachedIndexes("webhook_inbox_before"))
                .as("the indexes the table had, and those built beside them, taken over rather than built anew")
                .containsExactly("webhook_inbox_due webhook_inbox_before_due true",
                        "webhook_inbox_event webhook_inbox_before_event true",
                        "webhook_inbox_failed webhook_inbox_before_failed true",
                        "webhook_inbox_listing webhook_inbox_before_listing true",
                        "webhook_inbox_object_purgeable webhook_inbox_before_object_purgeable true",
                        "webhook_inbox_pending_age webhook_inbox_before_pending_age true",
                        "webhook_inbox_pkey webhook_inbox_before_pkey true",
                        "webhook_inbox_purgeable webhook_inbox_before_purgeable true",
                        "webhook_inbox_secret_match webhook_inbox_before_secret_match true");

        partitions.createThrough(Instant.now().plus(TimePartitionsPort.AHEAD), Duration.ofDays(1));
        List<TimePartitions.Partition> days = partitions.partitions(Records.INBOX_EVENTS);
        assertThat(days).hasSize(1 + 8);
        assertThat(ContractDatabase.query(dataSource, "SELECT DISTINCT array_to_string(reloptions, ',') FROM pg_class"
                + " WHERE (relname LIKE 'webhook_inbox_p%' OR relname = 'webhook_inbox_before') AND relkind = 'r'"
                + " AND relnamespace = CAST(? AS regnamespace)", String.class, SCHEMA))
                .as("each day as the table before it").containsExactly("fillfactor=60");
        // As the release before writes it: its key and row in one statement, stamped now, and a redelivery of an
        // event stored before, which the key stops.
        insertAsTheReleaseBefore("e", "now()");
        insertAsTheReleaseBefore("b", "now()");
        insertAsTheReleaseBefore("f", "CAST('" + cutover.plusSeconds(60) + "' AS timestamptz)");
        assertThat(ContractDatabase.query(dataSource, "SELECT provider_event_id || ' ' || CAST(tableoid AS regclass)"
                + " FROM webhook_inbox WHERE provider_event_id IN ('b', 'e', 'f') ORDER BY 1", String.class))
                .containsExactly("b webhook_inbox_before", "e webhook_inbox_before",
                        "f " + days.get(1).name());
    }

    /** A row as the releases before store it, received at {@link #RECEIVED}. */
    private void row(String eventId) {
        ContractDatabase.update(dataSource, """
                INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type,
                    received_at, payload_key_id, payload_sha256, matched_secret_version, status, attempt_count,
                    next_attempt_at)
                VALUES (CAST(? AS uuid), 'github', 'main', ?, 'push', CAST(? AS timestamptz), 'k1', '\\x00', 'v1',
                    'PROCESSED', 1, CAST(? AS timestamptz))""", "00000000-0000-0000-0000-00000000000" + eventId,
                eventId, RECEIVED, RECEIVED);
    }

    private void key(String eventId, String inboxId) {
        ContractDatabase.update(dataSource, "INSERT INTO webhook_event_key VALUES ('github', 'main', ?,"
                + " CAST(? AS uuid), CAST(? AS timestamptz))", eventId, inboxId, RECEIVED);
    }

    /** The release before's statement, trimmed to the columns it needs: the key, then the row if the key was new. */
    private void insertAsTheReleaseBefore(String eventId, String receivedAt) {
        ContractDatabase.update(dataSource, """
                WITH input AS (SELECT gen_random_uuid() AS inbox_id, ? AS provider_event_id, %s AS received_at),
                keyed AS (
                    INSERT INTO webhook_event_key (provider, endpoint_id, provider_event_id, inbox_id, received_at)
                    SELECT 'github', 'main', provider_event_id, inbox_id, received_at FROM input
                    ON CONFLICT DO NOTHING RETURNING inbox_id)
                INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type,
                    received_at, payload_key_id, payload_sha256, matched_secret_version, status, attempt_count,
                    next_attempt_at)
                SELECT inbox_id, 'github', 'main', provider_event_id, 'push', received_at, 'k1', '\\x00', 'v1',
                    'RECEIVED', 0, received_at
                FROM input WHERE inbox_id IN (SELECT inbox_id FROM keyed)
                ON CONFLICT DO NOTHING""".formatted(receivedAt), eventId);
    }
}
