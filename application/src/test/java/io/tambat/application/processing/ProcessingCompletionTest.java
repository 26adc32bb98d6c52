package io.tambat.application.processing;

import static io.tambat.application.processing.ProcessingFixture.ENDPOINT;
import static io.tambat.application.processing.ProcessingFixture.PROVIDER;
import static io.tambat.application.processing.ProcessingFixture.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.testing.InMemoryForwarding;
import io.tambat.application.testing.TestWork;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.provider.spi.StateChange;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ProcessingCompletionTest {

    private final ProcessingFixture fx = new ProcessingFixture();

    @Test
    void appliesWhatAnEventRecordedAsProcessedBeforeDidNotCommit() {
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "succeeded");
        LeasedInboxEvent event = fx.leaseOne();
        fx.processed.recordAll(List.of(event), fx.now());

        boolean mutated = fx.completion.complete(event, apply(new StateChange.Versioned(key("pay_1"), "succeeded", 1)),
                fx.now());

        assertThat(mutated).isTrue();
        assertThat(fx.stateOf("pay_1")).get().extracting(ObjectState::state).isEqualTo("succeeded");
        assertThat(fx.stateChangesForwarded(inboxId)).isEqualTo(1);
        assertThat(fx.inbox.row(inboxId).status()).isEqualTo(InboxStatus.PROCESSED);
    }

    @Test
    void neverAppliesAnEventsMutationTwiceWhenItIsProcessedAgain() {
        UUID first = fx.receive("evt_1", "pay_1", 1, "reopened");
        fx.completion.complete(fx.leaseOne(), apply(new StateChange.Notification(key("pay_1"), "reopened")), fx.now());
        fx.receive("evt_2", "pay_1", 2, "closed");
        fx.completion.complete(fx.leaseOne(), apply(new StateChange.Notification(key("pay_1"), "closed")), fx.now());
        fx.inbox.replaySelected(everything(), Optional.empty(), 10, fx.now(), fx.now().minusSeconds(60));

        boolean mutated = false;
        for (LeasedInboxEvent again : fx.work.leaseBatch(TestWork.BATCH_SIZE)) {
            mutated |= fx.completion.complete(again, apply(new StateChange.Notification(key("pay_1"),
                    again.inboxId().equals(first) ? "reopened" : "closed")), fx.now());
        }

        assertThat(mutated).isFalse();
        assertThat(fx.stateOf("pay_1")).get().extracting(ObjectState::state).isEqualTo("closed");
        assertThat(fx.stateChangesForwarded(first)).isEqualTo(1);
        assertThat(fx.inbox.row(first).status()).isEqualTo(InboxStatus.PROCESSED);
    }

    @Test
    void recordsANotificationWithoutOrderAsTheObjectsLatestState() {
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "reopened");
        LeasedInboxEvent event = fx.leaseOne();

        boolean mutated = fx.completion.complete(event, apply(new StateChange.Notification(key("pay_1"), "reopened")),
                fx.now());

        assertThat(mutated).isTrue();
        assertThat(fx.stateOf("pay_1")).get()
                .extracting(ObjectState::state, ObjectState::version, ObjectState::updatedAt)
                .containsExactly("reopened", Optional.empty(), fx.now());
        assertThat(fx.stateChangesForwarded(inboxId)).isEqualTo(1);
    }

    @Test
    void anAppliedMutationIsForwardedOnceToEachDestinationTakingStateChangesUnderItsOwnMessageId() {
        Instant receivedAt = fx.now();
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "succeeded");
        fx.clock.advance(Duration.ofSeconds(5));

        fx.completion.complete(fx.leaseOne(), apply(new StateChange.Versioned(key("pay_1"), "succeeded", 1)),
                fx.now());

        assertThat(fx.forwarding.rows()).singleElement().extracting(InMemoryForwarding.Row::forward)
                .isEqualTo(new NewForward("shop-service", MessageType.STATE_CHANGE,
                        NewForward.stateChangeMessageId(inboxId), inboxId, receivedAt,
                        PROVIDER + ":" + ENDPOINT.value() + ":pay_1", fx.now()));
        assertThat(fx.recorded.fired()).as("senders are woken once it commits").hasSize(1);
        assertThat(NewForward.stateChangeMessageId(inboxId)).as("stable, and not the event's")
                .isEqualTo(NewForward.stateChangeMessageId(inboxId)).isNotEqualTo(NewForward.eventMessageId(inboxId));
    }

    @Test
    void aWriteItsRuleKeptOrAnEventProcessedAgainForwardsNoStateChange() {
        fx.receive("evt_2", "pay_1", 2, "refunded");
        fx.completion.complete(fx.leaseOne(), apply(new StateChange.Versioned(key("pay_1"), "refunded", 2)), fx.now());
        fx.receive("evt_1", "pay_1", 1, "succeeded");
        fx.completion.complete(fx.leaseOne(), apply(new StateChange.Versioned(key("pay_1"), "succeeded", 1)),
                fx.now());
        fx.inbox.replaySelected(everything(), Optional.empty(), 10, fx.now(), fx.now().minusSeconds(60));
        for (LeasedInboxEvent again : fx.work.leaseBatch(TestWork.BATCH_SIZE)) {
            fx.completion.complete(again, apply(new StateChange.Versioned(key("pay_1"), "refunded", 2)), fx.now());
        }

        assertThat(fx.forwarding.rows()).as("only version 2's mutation, once").singleElement()
                .satisfies(row -> assertThat(row.forward().type()).isEqualTo(MessageType.STATE_CHANGE));
        assertThat(fx.recorded.fired()).as("senders are woken for it alone").hasSize(1);
    }

    @Test
    void aStateChangesDeliveriesRollBackWithAMutationThatDidNotCommit() {
        fx.receive("evt_1", "pay_1", 1, "succeeded");
        LeasedInboxEvent event = fx.leaseOne();
        fx.outliveTheLease();
        fx.leaseOne();

        assertThatThrownBy(() -> fx.completion.complete(event,
                apply(new StateChange.Versioned(key("pay_1"), "succeeded", 1)), fx.now()))
                .isInstanceOf(LeaseLostException.class);

        assertThat(fx.forwarding.rows()).isEmpty();
    }

    private static InboxSelection everything() {
        return new InboxSelection(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    private static ProcessingCompletion.Resolution apply(StateChange change) {
        return new ProcessingCompletion.Resolution.Apply(change);
    }
}
