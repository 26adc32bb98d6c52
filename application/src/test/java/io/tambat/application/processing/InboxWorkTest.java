package io.tambat.application.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.testing.TestWork;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class InboxWorkTest {

    private final ProcessingFixture fx = new ProcessingFixture();

    @Test
    void leasesAtMostABatchOfDueEventsUntilTheLeaseRunsOut() {
        for (int i = 0; i < TestWork.BATCH_SIZE + 2; i++) {
            fx.receive("evt_" + i, "pay_" + i, 1, "succeeded");
        }

        List<LeasedInboxEvent> leased = fx.work.leaseBatch(TestWork.BATCH_SIZE);

        assertThat(leased).hasSize(TestWork.BATCH_SIZE);
        assertThat(leased).allSatisfy(event -> {
            assertThat(event.lease().attempt()).isEqualTo(1);
            assertThat(fx.inbox.row(event.inboxId()).status()).isEqualTo(InboxStatus.PROCESSING);
            assertThat(fx.inbox.row(event.inboxId()).leaseUntil()).contains(fx.now().plus(TestWork.LEASE));
        });
    }

    @Test
    void leasesARetriedEventAgainOnlyOnceItsNextAttemptIsDue() {
        UUID inboxId = fx.receiveAnEventWhoseFetchFailsTransiently();
        fx.processNext();

        fx.clock.advance(Duration.ofMillis(1499));
        List<LeasedInboxEvent> early = fx.work.leaseBatch(TestWork.BATCH_SIZE);
        fx.clock.advance(Duration.ofMillis(1));
        List<LeasedInboxEvent> due = fx.work.leaseBatch(TestWork.BATCH_SIZE);

        assertThat(early).isEmpty();
        assertThat(due).extracting(LeasedInboxEvent::inboxId).containsExactly(inboxId);
        assertThat(due.get(0).lease().attempt()).isEqualTo(2);
    }
}
