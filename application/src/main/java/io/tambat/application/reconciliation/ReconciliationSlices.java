package io.tambat.application.reconciliation;

import io.tambat.application.operator.AuditTrail;
import io.tambat.domain.model.reconciliation.ReconciliationQuery;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import io.tambat.domain.port.out.inbox.ReconciliationPort;
import io.tambat.domain.port.out.inbox.ReconciliationReportsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.UUID;

/** The transactions of a background reconciliation: each slice of its range, and the report it keeps. */
@ApplicationScoped
public class ReconciliationSlices {

    @Inject
    ReconciliationPort reconciliation;

    @Inject
    ReconciliationReportsPort reports;

    @Inject
    AuditTrail audit;

    /** One slice from one snapshot; the events it held are the action's progress. */
    @Transactional
    public ReconciliationReport read(UUID actionId, ReconciliationQuery slice) {
        ReconciliationReport report = reconciliation.reconcile(slice);
        audit.counted(actionId, report.endpoints().stream().mapToLong(ReconciliationReport.EndpointTally::accepted)
                .sum());
        return report;
    }

    @Transactional
    public void keep(UUID actionId, ReconciliationReport report) {
        reports.keep(actionId, report);
    }
}
