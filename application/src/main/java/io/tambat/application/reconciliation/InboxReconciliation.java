package io.tambat.application.reconciliation;

import io.tambat.application.port.in.inbox.ReconcileInboxUseCase;
import io.tambat.domain.model.reconciliation.ReconciliationQuery;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import io.tambat.domain.port.out.inbox.ReconciliationPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;

/**
 * Compares the events received in a range with their processed-event records and mutations, as of
 * now, in one read-only transaction so every figure comes from the same snapshot.
 */
@ApplicationScoped
public class InboxReconciliation implements ReconcileInboxUseCase {

    @Inject
    ReconciliationPort reconciliation;

    @Inject
    ReconciliationSettings settings;

    @Inject
    Clock clock;

    @Override
    @Transactional
    public ReconciliationReport reconcile(Instant from, Instant to) {
        Instant now = clock.instant();
        return reconciliation.reconcile(new ReconciliationQuery(from, to, now, settings.lateAfter(),
                now.minus(settings.processedRetention()), MAX_IDS));
    }
}
