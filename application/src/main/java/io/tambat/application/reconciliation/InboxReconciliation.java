package io.tambat.application.reconciliation;

import io.tambat.application.operator.BackgroundActions;
import io.tambat.application.port.in.inbox.ReconcileInboxUseCase;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.model.reconciliation.ReconciliationQuery;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import io.tambat.domain.port.out.inbox.ReconciliationPort;
import io.tambat.domain.port.out.inbox.ReconciliationReportsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * Compares the events received in a range with their processed-event records and mutations, as of now: a short
 * range in one read-only transaction, so every figure comes from the same snapshot; a wide one in the background,
 * an hour at a time, so that no statement reads more than an hour of the inbox.
 */
@ApplicationScoped
public class InboxReconciliation implements ReconcileInboxUseCase {

    /** What one transaction of a background reconciliation reads. */
    static final Duration SLICE = Duration.ofHours(1);

    @Inject
    ReconciliationPort reconciliation;

    @Inject
    ReconciliationSlices slices;

    @Inject
    ReconciliationReportsPort reports;

    @Inject
    BackgroundActions actions;

    @Inject
    ReconciliationSettings settings;

    @Inject
    Clock clock;

    @Override
    @Transactional
    public ReconciliationReport reconcile(Instant from, Instant to) {
        return reconciliation.reconcile(query(from, to, clock.instant()));
    }

    @Override
    public ActionAnswer<ReconciliationReport> reconcileInBackground(Operator operator, Instant from, Instant to,
            Duration wait) {
        ReconciliationQuery whole = query(from, to, clock.instant());
        return actions.run(operator, OperatorAction.Kind.INBOX_RECONCILIATION,
                Map.of("from", from.toString(), "to", to.toString()), wait, actionId -> {
                    ReconciliationReport report = ReconciliationReport.empty(whole);
                    for (Instant start = from; start.isBefore(to); start = start.plus(SLICE)) {
                        Instant end = start.plus(SLICE).isBefore(to) ? start.plus(SLICE) : to;
                        report = report.including(slices.read(actionId, new ReconciliationQuery(start, end,
                                whole.now(), whole.lateAfter(), whole.recordsKeptSince(), whole.maxIds())));
                    }
                    slices.keep(actionId, report);
                    return report;
                });
    }

    @Override
    @Transactional
    public Optional<ReconciliationReport> kept(UUID actionId) {
        return reports.find(actionId);
    }

    private ReconciliationQuery query(Instant from, Instant to, Instant now) {
        return new ReconciliationQuery(from, to, now, settings.lateAfter(), now.minus(settings.processedRetention()),
                MAX_IDS);
    }
}
