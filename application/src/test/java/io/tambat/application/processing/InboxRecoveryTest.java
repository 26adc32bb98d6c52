package io.tambat.application.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.operator.Actions;
import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.inbox.RecoverInboxUseCase;
import io.tambat.application.testing.InMemoryAuditTrail;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class InboxRecoveryTest {

    private static final Operator OPERATOR = new Operator("ops@example.com");

    private final ProcessingFixture fx = new ProcessingFixture();
    private final InMemoryAuditTrail trail = new InMemoryAuditTrail();
    private static final Duration WAIT = Duration.ofSeconds(5);

    private final InboxRecovery recovery = new InboxRecovery();

    InboxRecoveryTest() {
        AuditTrail audit = new AuditTrail(trail, new TimeOrderedIds(fx.clock), fx.clock);
        InboxRecoveryBatch batches = new InboxRecoveryBatch();
        batches.recovery = fx.inbox;
        batches.audit = audit;
        batches.settings = fx.settings;
        batches.clock = fx.clock;
        recovery.batches = batches;
        recovery.actions = Actions.atOnce(audit);
    }

    @Test
    void redrivesEveryFailedRowOfTheSelectionInBatchesAndAuditsTheCount() {
        List<UUID> failed = new ArrayList<>();
        for (int i = 0; i < InboxRecoveryBatch.SIZE + 3; i++) {
            failed.add(failed("evt_" + i));
        }
        UUID processed = fx.receive("evt_done", "pay_done", 1, "succeeded");
        fx.processNext();

        RecoverInboxUseCase.Recovery done =
                Actions.result(recovery.redriveFailed(OPERATOR, selection(Optional.empty()), WAIT));

        assertThat(done.scheduled()).isEqualTo(InboxRecoveryBatch.SIZE + 3);
        assertThat(failed).allSatisfy(id -> assertThat(fx.inbox.row(id).status()).isEqualTo(InboxStatus.RECEIVED));
        assertThat(fx.inbox.row(processed).status()).isEqualTo(InboxStatus.PROCESSED);
        OperatorAction audited = trail.get(done.actionId());
        assertThat(audited.actor()).isEqualTo(OPERATOR.name());
        assertThat(audited.kind()).isEqualTo(OperatorAction.Kind.INBOX_BULK_REDRIVE);
        assertThat(audited.count()).isEqualTo(InboxRecoveryBatch.SIZE + 3);
        assertThat(audited.filter()).isEqualTo(Map.of("provider", ProcessingFixture.PROVIDER));
        assertThat(Actions.result(recovery.redriveFailed(OPERATOR, selection(Optional.empty()), WAIT)).scheduled())
                .isZero();
    }

    @Test
    void redrivesOnlyRowsReceivedInTheRange() {
        UUID early = failed("evt_early");
        fx.clock.advance(Duration.ofMinutes(10));
        Instant from = fx.now();
        UUID late = failed("evt_late");

        RecoverInboxUseCase.Recovery done =
                Actions.result(recovery.redriveFailed(OPERATOR, selection(Optional.of(from)), WAIT));

        assertThat(done.scheduled()).isEqualTo(1);
        assertThat(fx.inbox.row(late).status()).isEqualTo(InboxStatus.RECEIVED);
        assertThat(fx.inbox.row(early).status()).isEqualTo(InboxStatus.FAILED);
    }

    @Test
    void replaysProcessedRowsWhosePayloadIsKeptAndCountsTheOthers() {
        UUID purged = fx.receive("evt_purged", "pay_purged", 1, "succeeded");
        fx.processNext();
        fx.inbox.purgePayloads(fx.now().plusSeconds(1), Optional.empty(), 1);
        UUID kept = fx.receive("evt_kept", "pay_kept", 1, "succeeded");
        fx.processNext();
        UUID stillPending = fx.receive("evt_pending", "pay_pending", 1, "succeeded");

        RecoverInboxUseCase.Recovery done =
                Actions.result(recovery.replayProcessed(OPERATOR, selection(Optional.empty()), WAIT));

        assertThat(done.scheduled()).isEqualTo(1);
        assertThat(done.notReplayable()).isEqualTo(1);
        assertThat(fx.inbox.row(kept).status()).isEqualTo(InboxStatus.RECEIVED);
        assertThat(fx.inbox.row(kept).attempts()).isEqualTo(1);
        assertThat(fx.inbox.row(purged).status()).isEqualTo(InboxStatus.PROCESSED);
        assertThat(fx.inbox.row(stillPending).status()).isEqualTo(InboxStatus.RECEIVED);
        assertThat(trail.get(done.actionId()).kind()).isEqualTo(OperatorAction.Kind.INBOX_REPLAY);
        assertThat(trail.get(done.actionId()).count()).isEqualTo(1);
    }

    private UUID failed(String eventId) {
        UUID inboxId = fx.receive(eventId, "pay_" + eventId, 1, "succeeded");
        LeasedInboxEvent leased = fx.leaseOne();
        fx.inbox.fail(leased, "uninterpretable: test", fx.now());
        return inboxId;
    }

    private static InboxSelection selection(Optional<Instant> from) {
        return new InboxSelection(Optional.of(ProcessingFixture.PROVIDER), Optional.empty(), Optional.empty(), from,
                Optional.empty());
    }
}
