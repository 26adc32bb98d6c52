package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.schema.ScratchSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * Migration V13 on rows written under the three-rows-a-delivery history: each row's history reads back exactly as
 * it did, from the entries V13 keeps. On a schema of its own, migrated to V12, filled, then migrated to the end.
 */
class InboxHistoryMigrationTest {

    private static final String SCHEMA = "tambat_migration";
    private static final NumberedStatement HISTORY = NumberedStatement.of(PostgresInboxQueryAdapter.HISTORY);

    @RegisterExtension
    final ScratchSchema scratch = new ScratchSchema(SCHEMA);
    private final PGSimpleDataSource dataSource = scratch.dataSource;

    @Test
    void readsEveryRowsHistoryBackAsItWasAndKeepsOnlyWhatTheRowDoesNotHold() {
        scratch.migrateTo("12");
        row("a", "PROCESSED", null, "RECEIVED@00", "PROCESSING@01", "PROCESSED@02");
        row("b", "RECEIVED", "2026-01-01T00:01:00Z", "RECEIVED@00", "PROCESSING@01");
        row("c", "RECEIVED", null, "RECEIVED@00", "PROCESSING@01", "FAILED@02", "RECEIVED@05");
        row("d", "RECEIVED", "2026-01-01T00:01:00Z", "RECEIVED@00", "PROCESSING@01", "RECEIVED@02",
                "PROCESSING@05");

        scratch.migration().migrate();

        assertThat(history("a")).containsExactly("RECEIVED@00", "PROCESSING@01", "PROCESSED@02");
        assertThat(history("b")).containsExactly("RECEIVED@00", "PROCESSING@01");
        assertThat(history("c")).containsExactly("RECEIVED@00", "PROCESSING@01", "FAILED@02", "RECEIVED@05");
        assertThat(history("d")).containsExactly("RECEIVED@00", "PROCESSING@01", "RECEIVED@02", "PROCESSING@05");
        assertThat(ContractDatabase.query(dataSource, "SELECT status FROM webhook_inbox_history ORDER BY history_id",
                String.class)).as("the first RECEIVED of every row and the attempt under way are on the rows now")
                .containsExactly("PROCESSING", "PROCESSED", "PROCESSING", "FAILED", "RECEIVED", "PROCESSING",
                        "RECEIVED");
        assertThat(ContractDatabase.query(dataSource, "SELECT provider_event_id FROM webhook_inbox "
                + "WHERE leased_at = '2026-01-01T00:00:01Z' ORDER BY 1", String.class)).containsExactly("b");
        assertThat(ContractDatabase.query(dataSource, "SELECT provider_event_id FROM webhook_inbox "
                + "WHERE leased_at = '2026-01-01T00:00:05Z' ORDER BY 1", String.class)).containsExactly("d");
    }

    /** A row received at second 00, leased until {@code leaseUntil} (or not), with history entries status@second. */
    private void row(String eventId, String status, String leaseUntil, String... history) {
        String inboxId = "00000000-0000-0000-0000-00000000000" + eventId;
        ContractDatabase.update(dataSource, """
                INSERT INTO webhook_inbox (inbox_id, provider, endpoint_id, provider_event_id, event_type,
                    received_at, payload_key_id, payload_sha256, matched_secret_version, status, attempt_count,
                    next_attempt_at, lease_until)
                VALUES (CAST(? AS uuid), 'github', 'main', ?, 'push', '2026-01-01T00:00:00Z', 'k1', '\\x00', 'v1',
                    ?, 1, '2026-01-01T00:00:05Z', CAST(? AS timestamptz))""", inboxId, eventId, status, leaseUntil);
        for (String entry : history) {
            String[] change = entry.split("@");
            ContractDatabase.update(dataSource, "INSERT INTO webhook_inbox_history (inbox_id, status, at) "
                    + "VALUES (CAST(? AS uuid), ?, CAST(? AS timestamptz))", inboxId, change[0],
                    "2026-01-01T00:00:" + change[1] + "Z");
        }
    }

    /** The statuses operators read, each with the second of its time. */
    private List<String> history(String eventId) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(HISTORY.sql())) {
            Object[] values = HISTORY.positional("00000000-0000-0000-0000-00000000000" + eventId);
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            List<String> entries = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    entries.add(rows.getString(1) + "@" + String.format("%02d",
                            rows.getObject(2, OffsetDateTime.class).getSecond()));
                }
            }
            return entries;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
