package io.tambat.application.reconciliation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.operator.Actions;
import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.operator.ActionAnswer;
import io.tambat.application.testing.InMemoryAuditTrail;
import io.tambat.application.testing.MutableClock;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.operator.ActionProgress;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.model.reconciliation.Discrepancy;
import io.tambat.domain.model.reconciliation.ReconciliationQuery;
import io.tambat.domain.model.reconciliation.ReconciliationReport;
import io.tambat.domain.port.out.inbox.ReconciliationPort;
import io.tambat.domain.port.out.inbox.ReconciliationReportsPort;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A reconciliation over a wide range runs in the background an hour at a time, and keeps its report. */
class InboxReconciliationTest {

    private static final Operator OPERATOR = new Operator("ops@shop.example");
    private static final Duration WAIT = Duration.ofSeconds(5);

    private final MutableClock clock = MutableClock.start();
    private final InMemoryAuditTrail trail = new InMemoryAuditTrail();
    private final HourlyInbox inbox = new HourlyInbox();
    private final Map<UUID, ReconciliationReport> kept = new HashMap<>();
    private final InboxReconciliation reconciliation = reconciliation();

    @Test
    void readsTheRangeAnHourAtATimeAndSumsItAsOneReport() {
        Instant from = clock.instant().minus(Duration.ofHours(50)).plus(Duration.ofMinutes(20));
        Instant to = clock.instant().minus(Duration.ofHours(2));

        ReconciliationReport report = Actions.result(reconciliation.reconcileInBackground(OPERATOR, from, to, WAIT));

        assertThat(inbox.read).hasSize(48);
        assertThat(inbox.read.get(0).from()).isEqualTo(from);
        assertThat(inbox.read.get(0).to()).isEqualTo(from.plus(InboxReconciliation.SLICE));
        assertThat(inbox.read.get(47).to()).as("the last slice ends where the range does").isEqualTo(to);
        assertThat(inbox.read).allSatisfy(slice -> assertThat(slice.now()).isEqualTo(clock.instant()));
        assertThat(report.query().from()).isEqualTo(from);
        assertThat(report.query().to()).isEqualTo(to);
        assertThat(report.endpoints()).singleElement().satisfies(tally -> assertThat(tally.accepted()).isEqualTo(96));
        assertThat(report.discrepancies().get(Discrepancy.STALLED).count()).isEqualTo(48);
        assertThat(report.discrepancies().get(Discrepancy.STALLED).inboxIds())
                .containsExactlyElementsOf(inbox.stalled.subList(0, 48));
    }

    @Test
    void keepsTheReportWithTheActionWhoseCountIsTheEventsItRead() {
        Instant to = clock.instant();

        ActionAnswer<ReconciliationReport> answer = reconciliation.reconcileInBackground(OPERATOR,
                to.minus(Duration.ofHours(3)), to, WAIT);

        assertThat(reconciliation.kept(answer.actionId())).contains(Actions.result(answer));
        ActionProgress progress = trail.find(answer.actionId()).orElseThrow();
        assertThat(progress.action().kind()).isEqualTo(OperatorAction.Kind.INBOX_RECONCILIATION);
        assertThat(progress.action().filter()).containsEntry("from", to.minus(Duration.ofHours(3)).toString())
                .containsEntry("to", to.toString());
        assertThat(progress.action().count()).isEqualTo(6);
        assertThat(progress.state(clock.instant())).isEqualTo(ActionProgress.State.COMPLETED);
    }

    @Test
    void anActionCutShortKeepsNoReportAndSaysWhyItFailed() {
        inbox.failAfter = 2;
        Instant to = clock.instant();

        assertThatThrownBy(() -> reconciliation.reconcileInBackground(OPERATOR, to.minus(Duration.ofHours(5)), to,
                WAIT)).isInstanceOf(StoreUnavailableException.class);

        OperatorAction action = trail.recent(Optional.of(OperatorAction.Kind.INBOX_RECONCILIATION), 1).get(0);
        ActionProgress progress = trail.find(action.actionId()).orElseThrow();
        assertThat(progress.state(clock.instant())).isEqualTo(ActionProgress.State.FAILED);
        assertThat(progress.action().count()).as("the hours it read").isEqualTo(4);
        assertThat(reconciliation.kept(action.actionId())).isEmpty();
    }

    private InboxReconciliation reconciliation() {
        AuditTrail audit = new AuditTrail(trail, new TimeOrderedIds(clock), clock);
        ReconciliationReportsPort reports = new ReconciliationReportsPort() {
            @Override
            public void keep(UUID actionId, ReconciliationReport report) {
                kept.put(actionId, report);
            }

            @Override
            public Optional<ReconciliationReport> find(UUID actionId) {
                return Optional.ofNullable(kept.get(actionId));
            }
        };
        ReconciliationSlices slices = new ReconciliationSlices();
        slices.reconciliation = inbox;
        slices.reports = reports;
        slices.audit = audit;
        InboxReconciliation service = new InboxReconciliation();
        service.reconciliation = inbox;
        service.slices = slices;
        service.reports = reports;
        service.actions = Actions.atOnce(audit);
        service.settings = new ReconciliationSettings(Duration.ofMinutes(5), Duration.ofHours(1),
                Duration.ofMinutes(15), Duration.ofDays(30));
        service.clock = clock;
        return service;
    }

    /** Two events accepted in every hour it is asked about, one of them stalled. */
    private static final class HourlyInbox implements ReconciliationPort {

        final List<ReconciliationQuery> read = new ArrayList<>();
        final List<UUID> stalled = new ArrayList<>();
        int failAfter = Integer.MAX_VALUE;

        @Override
        public ReconciliationReport reconcile(ReconciliationQuery query) {
            if (read.size() == failAfter) {
                throw new StoreUnavailableException("the database does not answer", null);
            }
            read.add(query);
            UUID stalledHere = UUID.randomUUID();
            stalled.add(stalledHere);
            return new ReconciliationReport(query, List.of(new ReconciliationReport.EndpointTally("stripe",
                    "stripe-main", 2, 1, 0, 1)), Map.of(
                            Discrepancy.STALLED, new ReconciliationReport.Found(1, List.of(stalledHere)),
                            Discrepancy.PROCESSED_WITHOUT_MUTATION, new ReconciliationReport.Found(0, List.of())));
        }
    }
}
