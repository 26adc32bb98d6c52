package io.tambat.adapter.out.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.model.reconciliation.Discrepancy;
import io.tambat.domain.model.reconciliation.ReconciliationQuery;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import io.tambat.domain.port.out.inbox.ReconciliationReportsPort;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A reconciliation report kept with its action reads back as it was, and goes with the action. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresReconciliationReportsAdapterTest extends SessionContract<ReconciliationReportsPort> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;

    PostgresReconciliationReportsAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<ReconciliationReportsPort> openSession() {
        return database.session(em -> {
            PostgresReconciliationReportsAdapter reports = new PostgresReconciliationReportsAdapter();
            reports.em = em;
            return reports;
        });
    }

    @Test
    void readsAKeptReportBackAsItWas() {
        UUID actionId = action();
        ReconciliationReport report = new ReconciliationReport(new ReconciliationQuery(
                NOW.minus(Duration.ofDays(90)), NOW.minus(Duration.ofDays(1)), NOW, Duration.ofMinutes(15),
                NOW.minus(Duration.ofDays(30)), 100),
                List.of(new ReconciliationReport.EndpointTally("github", "repo", 3, 3, 0, 0),
                        new ReconciliationReport.EndpointTally("stripe", "stripe-main", 5_000_000_000L, 4, 1, 2)),
                Map.of(Discrepancy.STALLED, new ReconciliationReport.Found(2, List.of(UUID.randomUUID(),
                        UUID.randomUUID())),
                        Discrepancy.PROCESSED_WITHOUT_MUTATION, new ReconciliationReport.Found(0, List.of())));

        session.run(reports -> reports.keep(actionId, report));

        Optional<ReconciliationReport> kept = session.call(reports -> reports.find(actionId));
        Optional<ReconciliationReport> unknown = session.call(reports -> reports.find(UUID.randomUUID()));

        assertThat(kept).contains(report);
        assertThat(unknown).isEmpty();
    }

    @Test
    void goesWithItsAction() {
        UUID actionId = action();
        session.run(reports -> reports.keep(actionId, ReconciliationReport.empty(new ReconciliationQuery(
                NOW.minus(Duration.ofDays(2)), NOW, NOW, Duration.ofMinutes(15), NOW, 100))));

        database.execute("DELETE FROM operator_action WHERE action_id = ?", actionId);

        Optional<ReconciliationReport> kept = session.call(reports -> reports.find(actionId));
        assertThat(kept).isEmpty();
    }

    private UUID action() {
        UUID actionId = UUID.randomUUID();
        database.execute("INSERT INTO operator_action (action_id, actor, action, at) VALUES (?, ?, ?, ?)", actionId,
                "ops@example.com", "inbox.reconciliation", Timestamp.from(NOW));
        return actionId;
    }
}
