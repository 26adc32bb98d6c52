package io.tambat.adapter.out.persistence.inbox;

import io.tambat.adapter.out.persistence.jdbc.EnlistedConnection;
import io.tambat.adapter.out.persistence.jdbc.NumberedStatement;
import io.tambat.adapter.out.persistence.jdbc.StatementDeadline;
import io.tambat.adapter.out.persistence.jdbc.StorageCalls;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import io.tambat.domain.port.out.inbox.ReconciliationReportsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.Optional;
import java.util.UUID;

/** Kept reconciliation reports in {@code reconciliation_report}, one per action, as JSON. */
@ApplicationScoped
class PostgresReconciliationReportsAdapter implements ReconciliationReportsPort {

    private static final NumberedStatement KEEP = NumberedStatement.of("""
            INSERT INTO reconciliation_report (action_id, report) VALUES (CAST(?1 AS uuid), CAST(?2 AS jsonb))""");

    private static final NumberedStatement FIND = NumberedStatement.of("""
            SELECT CAST(report AS text) FROM reconciliation_report WHERE action_id = CAST(?1 AS uuid)""");

    @PersistenceContext(unitName = "tambat")
    EntityManager em;

    @Override
    public void keep(UUID actionId, ReconciliationReport report) {
        StorageCalls.call("reconciliation report keep", () -> EnlistedConnection.update(em, KEEP,
                actionId.toString(), ReconciliationReportJson.write(report)));
    }

    @Override
    public Optional<ReconciliationReport> find(UUID actionId) {
        return StorageCalls.call("reconciliation report", () -> EnlistedConnection.query(em,
                StatementDeadline.OPERATOR, FIND,
                row -> ReconciliationReportJson.read(row.getString(1)), actionId.toString()).stream().findFirst());
    }
}
