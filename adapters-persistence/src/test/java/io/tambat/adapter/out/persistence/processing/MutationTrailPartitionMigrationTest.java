package io.tambat.adapter.out.persistence.processing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
 * Migrations V42 to V49 on the rows that grow with the events as the releases before left them: every row whose
 * event is in the inbox names its exact receipt, and the mutation trail becomes a table partitioned by day whose
 * first partition is the table before, with every row and index it had, written on as the release before writes it.
 * On a schema of its own, migrated to V41, filled, then migrated to the end.
 */
class MutationTrailPartitionMigrationTest {

    private static final String SCHEMA = "tambat_trail_partitioning";
    private static final String RECEIVED = "2026-11-01T10:00:00Z";
    /** When V33 stamped the rows there, or the release before it wrote one: after their events. */
    private static final String STAMPED = "2026-11-03T08:00:00Z";

    @RegisterExtension
    final ScratchSchema scratch = new ScratchSchema(SCHEMA);
    private final PGSimpleDataSource dataSource = scratch.dataSource;

    @Test
    void everyRowNamesItsEventsReceiptAndTheTrailBeforeBecomesTheFirstPartitionWithEveryRow() throws Exception {
        scratch.migrateTo("41");
        String stamped = eventWithItsRows("a", STAMPED);
        String exact = eventWithItsRows("b", RECEIVED);
        String gone = "00000000-0000-0000-0000-0000000000ff";
        trailRow("gone", gone, STAMPED);

        scratch.migration().migrate();

        assertThat(receipts("object_mutation")).as("the trail's").containsExactly(
                stamped + " " + RECEIVED, exact + " " + RECEIVED, gone + " " + STAMPED);
        assertThat(receipts("processed_event")).as("the processed records'")
                .containsExactly(stamped + " " + RECEIVED, exact + " " + RECEIVED);
        assertThat(receipts("forward_delivery")).as("the deliveries'")
                .containsExactly(stamped + " " + RECEIVED, exact + " " + RECEIVED);

        Instant cutover = ContractDatabase.query(dataSource,
                "SELECT cutover FROM time_partitioning WHERE table_name = 'object_mutation'", OffsetDateTime.class)
                .get(0).toInstant();
        assertThat(cutover).as("the start of the seventh day from today")
                .isEqualTo(LocalDate.now(ZoneOffset.UTC).plusDays(7).atStartOfDay(ZoneOffset.UTC).toInstant());
        TimePartitions partitions = new TimePartitions(dataSource, SCHEMA);
        assertThat(partitions.partitions(Records.MUTATION_TRAIL)).containsExactly(
                new TimePartitions.Partition("object_mutation_before", Optional.empty(), cutover));
        assertThat(ContractDatabase.query(dataSource, "SELECT object_id FROM ONLY object_mutation_before ORDER BY 1",
                String.class)).containsExactly("a", "b", "gone");
        assertThat(ContractDatabase.query(dataSource, "SELECT pg_get_constraintdef(oid) FROM pg_constraint"
                + " WHERE conrelid = CAST('object_mutation' AS regclass) AND contype IN ('p', 'u') ORDER BY 1",
                String.class)).as("the keys, each holding the day").containsExactly(
                        "PRIMARY KEY (mutation_id, event_received_at)", "UNIQUE (inbox_id, event_received_at)");
        assertThat(scratch.attachedIndexes("object_mutation_before"))
                .as("the indexes V45 and V46 built, taken over rather than built anew")
                .containsExactly("object_mutation_once object_mutation_before_once true",
                        "object_mutation_pkey object_mutation_before_pkey true");
        assertThat(ContractDatabase.query(dataSource, "SELECT CAST(d.refobjid AS regclass) || '' FROM pg_depend d"
                + " WHERE d.objid = CAST('object_mutation_mutation_id_seq' AS regclass) AND d.deptype = 'a'",
                String.class)).as("the ids' sequence goes on with the partitioned table")
                .containsExactly("object_mutation");

        partitions.createThrough(Instant.now().plus(TimePartitionsPort.AHEAD), Duration.ofDays(1));
        List<TimePartitions.Partition> days = partitions.partitions(Records.MUTATION_TRAIL);
        assertThat(days).hasSize(1 + 8);
        String later = cutover.plusSeconds(60).toString();
        String afterTheCutover = "00000000-0000-0000-0000-0000000000c0";
        inboxRow(afterTheCutover, "c", later);
        trailRowAsTheReleaseBefore("c", afterTheCutover, later);
        assertThat(ContractDatabase.query(dataSource, "SELECT object_id || ' ' || CAST(tableoid AS regclass)"
                + " || ' ' || (mutation_id > 3) FROM object_mutation WHERE object_id = 'c'", String.class))
                .as("in its day, its id after the others'").containsExactly("c " + days.get(1).name() + " true");
        assertThatThrownBy(() -> trailRowAsTheReleaseBefore("c", afterTheCutover, later))
                .as("one mutation for one event").rootCause().hasMessageContaining("Key (inbox_id, event_received_at)=");
        assertThatThrownBy(() -> trailRowAsTheReleaseBefore("b", exact, RECEIVED))
                .as("nor for one of the table before").rootCause().hasMessageContaining("object_mutation_before_once");
    }

    /** An event received at {@link #RECEIVED}, with its processed record, mutation and state change's delivery. */
    private String eventWithItsRows(String eventId, String stamp) {
        String inboxId = "00000000-0000-0000-0000-00000000000" + eventId;
        inboxRow(inboxId, eventId, RECEIVED);
        ContractDatabase.update(dataSource, """
                INSERT INTO processed_event (provider, endpoint_id, provider_event_id, inbox_id, processed_at,
                    event_received_at)
                VALUES ('github', 'main', ?, CAST(? AS uuid), CAST(? AS timestamptz), CAST(? AS timestamptz))""",
                eventId, inboxId, STAMPED, stamp);
        trailRow(eventId, inboxId, stamp);
        ContractDatabase.update(dataSource, """
                INSERT INTO forward_delivery (destination_id, message_type, message_id, inbox_id, event_received_at,
                    ordering_key, status, next_attempt_at, created_at)
                VALUES ('shop', 'state-change', ?, CAST(? AS uuid), CAST(? AS timestamptz), ?, 'DELIVERED',
                    CAST(? AS timestamptz), CAST(? AS timestamptz))""", inboxId, inboxId, stamp, eventId, STAMPED,
                STAMPED);
        return inboxId;
    }

    private void inboxRow(String inboxId, String eventId, String receivedAt) {
        ContractDatabase.update(dataSource, """
                INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type,
                    received_at, payload_key_id, payload_sha256, matched_secret_version, status, attempt_count,
                    next_attempt_at)
                VALUES (CAST(? AS uuid), 'github', 'main', ?, 'push', CAST(? AS timestamptz), 'k1', '\\x00', 'v1',
                    'PROCESSED', 1, CAST(? AS timestamptz))""", inboxId, eventId, receivedAt, receivedAt);
    }

    private void trailRow(String objectId, String inboxId, String stamp) {
        ContractDatabase.update(dataSource, """
                INSERT INTO object_mutation (provider, endpoint_id, object_type, object_id, inbox_id, state,
                    applied_at, event_received_at)
                VALUES ('github', 'main', 'push', ?, CAST(? AS uuid), 'done', CAST(? AS timestamptz),
                    CAST(? AS timestamptz))""", objectId, inboxId, STAMPED, stamp);
    }

    /** The release before's trail insert, trimmed to the columns it needs: no conflict target, ids its sequence's. */
    private void trailRowAsTheReleaseBefore(String objectId, String inboxId, String receivedAt) {
        ContractDatabase.update(dataSource, """
                INSERT INTO object_mutation (provider, endpoint_id, object_type, object_id, inbox_id, state, version,
                    applied_at, event_received_at)
                SELECT 'github', 'main', 'push', object_id, inbox_id, 'done', NULL, now(), received_at
                FROM (VALUES (?, CAST(? AS uuid), CAST(? AS timestamptz))) AS write(object_id, inbox_id, received_at)""",
                objectId, inboxId, receivedAt);
    }

    /** Each row's event and the receipt it names, in UTC, by event. */
    private List<String> receipts(String table) {
        return ContractDatabase.query(dataSource, "SELECT inbox_id || ' ' || to_char(event_received_at AT TIME ZONE"
                + " 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') FROM " + table + " ORDER BY 1", String.class);
    }
}
