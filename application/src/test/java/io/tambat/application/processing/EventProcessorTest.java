package io.tambat.application.processing;

import static io.tambat.application.processing.ProcessingFixture.ENDPOINT;
import static io.tambat.application.processing.ProcessingFixture.PROVIDER;
import static io.tambat.application.processing.ProcessingFixture.SEQUENCE_GAP_WINDOW;
import static io.tambat.application.processing.ProcessingFixture.key;
import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.testing.InMemoryInbox.Row;
import io.tambat.application.testing.TestWork;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.UninterpretableEventException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EventProcessorTest {

    private final ProcessingFixture fx = new ProcessingFixture();

    @Test
    void appliesALeasedEventAndCompletesIt() {
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "succeeded");

        fx.processNext();

        assertThat(fx.inbox.row(inboxId).status()).isEqualTo(InboxStatus.PROCESSED);
        assertThat(fx.stateOf("pay_1")).get()
                .extracting(ObjectState::state, ObjectState::version, ObjectState::lastInboxId)
                .containsExactly("succeeded", Optional.of(1L), inboxId);
        assertThat(fx.processed.contains(PROVIDER, ENDPOINT, "evt_1")).isTrue();
        assertThat(fx.stateChangesForwarded(inboxId)).isEqualTo(1);
        assertThat(fx.metrics.recorded()).containsExactly("processed mutated");
    }

    @Test
    void completesALeasedBatchInOneTransactionEachEventAsAlone() {
        UUID first = fx.receive("evt_1", "pay_1", 1, "succeeded");
        UUID second = fx.receive("evt_2", "pay_1", 2, "refunded");
        UUID other = fx.receive("evt_3", "pay_2", 1, "succeeded");

        fx.processBatch();

        assertThat(fx.groupTransactions()).isEqualTo(1);
        assertThat(List.of(first, second, other)).allSatisfy(inboxId ->
                assertThat(fx.inbox.row(inboxId).status()).isEqualTo(InboxStatus.PROCESSED));
        assertThat(fx.stateOf("pay_1")).get().extracting(ObjectState::state, ObjectState::lastInboxId)
                .containsExactly("refunded", second);
        assertThat(fx.metrics.recorded()).containsExactly("processed mutated", "processed mutated",
                "processed mutated");
    }

    @Test
    void eachEventOfABatchIsTracedInItsOwnSpanLinkedToTheRequestThatAcceptedIt() {
        UUID first = fx.receive("evt_1", "pay_1", 1, "succeeded");
        UUID second = fx.receive("evt_2", "pay_2", 1, "succeeded");

        fx.processBatch();

        assertThat(fx.tracing.recorded()).containsExactly(
                "processing " + first + " linked to " + ProcessingFixture.acceptedIn("evt_1"), "end",
                "processing " + second + " linked to " + ProcessingFixture.acceptedIn("evt_2"), "end");
    }

    @Test
    void eventsTakenOverFromALostWorkerAreCompletedAloneNotInABatch() {
        UUID first = fx.receive("evt_1", "pay_1", 1, "succeeded");
        UUID second = fx.receive("evt_2", "pay_2", 1, "succeeded");
        fx.work.leaseBatch(TestWork.BATCH_SIZE);
        fx.outliveTheLease();

        List<LeasedInboxEvent> retaken = fx.processBatch();

        assertThat(retaken).allSatisfy(event -> assertThat(event.lease().takenOver()).isTrue());
        assertThat(fx.groupTransactions()).isZero();
        assertThat(List.of(first, second)).allSatisfy(inboxId ->
                assertThat(fx.inbox.row(inboxId).status()).isEqualTo(InboxStatus.PROCESSED));
    }

    @Test
    void aGapInABatchRollsTheBatchBackAndEachEventSettlesAlone() {
        fx.eventsAreSequenced();
        UUID first = fx.receive("evt_1", "pay_1", 1, "one");
        fx.processNext();
        UUID third = fx.receive("evt_3", "pay_1", 3, "three");
        UUID other = fx.receive("evt_9", "pay_2", 1, "other");

        fx.processBatch();

        assertThat(fx.groupTransactions()).isEqualTo(1);
        assertThat(fx.inbox.row(first).status()).isEqualTo(InboxStatus.PROCESSED);
        assertThat(fx.inbox.row(other).status()).isEqualTo(InboxStatus.PROCESSED);
        assertThat(fx.inbox.row(third).status()).isEqualTo(InboxStatus.RECEIVED);
        assertThat(fx.inbox.row(third).lastError()).hasValueSatisfying(error -> assertThat(error).startsWith("waiting: "));
        assertThat(fx.stateOf("pay_2")).get().extracting(ObjectState::state).isEqualTo("other");
    }

    @Test
    void skipsAnOlderVersionThatArrivesAfterANewerOne() {
        UUID newer = fx.receive("evt_2", "pay_1", 2, "refunded");
        fx.processNext();
        UUID older = fx.receive("evt_1", "pay_1", 1, "succeeded");

        fx.processNext();

        assertThat(fx.stateOf("pay_1")).get()
                .extracting(ObjectState::state, ObjectState::version, ObjectState::lastInboxId)
                .containsExactly("refunded", Optional.of(2L), newer);
        assertThat(fx.inbox.row(older).status()).isEqualTo(InboxStatus.PROCESSED);
        assertThat(fx.stateChangesForwarded(older)).isZero();
        assertThat(fx.metrics.recorded()).containsExactly("processed mutated", "processed unchanged");
    }

    @Test
    void completesAnEventAboutNoTrackedObjectWithoutChangingState() {
        fx.interpreter.means(event -> Optional.empty());
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "succeeded");

        fx.processNext();

        assertThat(fx.inbox.row(inboxId).status()).isEqualTo(InboxStatus.PROCESSED);
        assertThat(fx.stateOf("pay_1")).isEmpty();
        assertThat(fx.stateChangesForwarded(inboxId)).isZero();
        assertThat(fx.metrics.recorded()).containsExactly("processed unchanged");
    }

    @Test
    void appliesTheFetchedStateOfAnEventThatCarriesNoVersion() {
        fx.configureProviderApi();
        fx.providerApi.has(key("pay_1"), new ProviderObject("captured", Optional.of(7L)));
        fx.interpreter.means(event -> Optional.of(new StateChange.FetchCurrent(ScriptedInterpreter.key(event))));
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "changed");

        fx.processNext();

        assertThat(fx.providerApi.fetched()).containsExactly(key("pay_1"));
        assertThat(fx.stateOf("pay_1")).get()
                .extracting(ObjectState::state, ObjectState::version)
                .containsExactly("captured", Optional.of(7L));
        assertThat(fx.inbox.row(inboxId).status()).isEqualTo(InboxStatus.PROCESSED);
    }

    @Test
    void fetchesWithTheClientOfTheEndpointThatReceivedTheEventOnBehalfOfItsConnectedAccount() {
        fx.configureProviderApi();
        fx.providerApi.has(key("acct_obj"), new ProviderObject("active", Optional.of(2L)));
        fx.interpreter.means(event -> Optional.of(new StateChange.FetchCurrent(key("acct_obj"),
                Optional.of("acct_1"))));
        fx.receive("evt_c", "acct_obj", 1, "changed");

        fx.processNext();

        assertThat(fx.clientsAskedFor).containsExactly(ENDPOINT);
        assertThat(fx.providerApi.onBehalfOf()).containsExactly(Optional.of("acct_1"));
        assertThat(fx.stateOf("acct_obj")).get().extracting(ObjectState::state).isEqualTo("active");
    }

    @Test
    void failsAnEventThatCarriesNoVersionWhenNoApiCanFetchItsObject() {
        fx.interpreter.means(event -> Optional.of(new StateChange.FetchCurrent(ScriptedInterpreter.key(event))));
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "changed");

        fx.processNext();

        Row row = fx.inbox.row(inboxId);
        assertThat(row.status()).isEqualTo(InboxStatus.FAILED);
        assertThat(row.attempts()).isEqualTo(1);
        assertThat(row.lastError()).get().asString().startsWith("uninterpretable: the event carries no version");
    }

    @Test
    void waitsForAMissingPredecessorWithoutApplyingTheDelta() {
        UUID ahead = aDeltaAheadOfItsPredecessor();

        fx.processNext();

        Row row = fx.inbox.row(ahead);
        assertThat(row.status()).isEqualTo(InboxStatus.RECEIVED);
        assertThat(row.nextAttemptAt()).isEqualTo(fx.now().plusMillis(1500));
        assertThat(row.lastError()).get().asString().startsWith("waiting: sequence 3");
        assertThat(fx.stateOf("pay_1")).get().extracting(ObjectState::state).isEqualTo("created");
        assertThat(fx.processed.contains(PROVIDER, ENDPOINT, "evt_3")).isFalse();
        assertThat(fx.stateChangesForwarded(ahead)).isZero();
    }

    @Test
    void deltasArrivingTwoOneThreeApplyOneTwoThreeAsASequenceStartsAtItsFirstNumber() {
        fx.eventsAreSequenced();
        UUID second = fx.receive("evt_2", "pay_9", 2, "step-2");
        fx.processNext();
        assertThat(fx.inbox.row(second).status()).as("ahead of its first delta").isEqualTo(InboxStatus.RECEIVED);
        assertThat(fx.stateOf("pay_9")).isEmpty();

        fx.receive("evt_1", "pay_9", 1, "step-1");
        fx.processNext();
        assertThat(fx.stateOf("pay_9")).get().extracting(ObjectState::state).isEqualTo("step-1");
        fx.clock.advance(Duration.ofMinutes(1));
        fx.processNext();
        fx.receive("evt_3", "pay_9", 3, "step-3");
        fx.processNext();

        assertThat(fx.stateOf("pay_9")).get().extracting(ObjectState::state, ObjectState::version)
                .containsExactly("step-3", Optional.of(3L));
        assertThat(fx.inbox.row(second).status()).isEqualTo(InboxStatus.PROCESSED);
    }

    @Test
    void waitsNoLaterThanTheEndOfTheSequenceGapWindow() {
        UUID ahead = aDeltaAheadOfItsPredecessor();
        Instant windowEnds = fx.now().plus(SEQUENCE_GAP_WINDOW);
        fx.clock.advance(SEQUENCE_GAP_WINDOW.minusSeconds(1));

        fx.processNext();

        assertThat(fx.inbox.row(ahead).nextAttemptAt()).isEqualTo(windowEnds);
    }

    @Test
    void waitingForAPredecessorInSmallStepsCostsNoAttemptAndLooksAgainLessAndLessOften() {
        UUID ahead = aDeltaAheadOfItsPredecessor();
        int looks = 0;
        for (Duration waited = Duration.ZERO; waited.compareTo(SEQUENCE_GAP_WINDOW.minusMinutes(1)) < 0;
                waited = waited.plusMillis(500)) {
            looks += fx.processBatch().size();
            fx.clock.advance(Duration.ofMillis(500));
        }

        assertThat(fx.inbox.row(ahead).attempts()).as("waiting is not an attempt").isZero();
        assertThat(looks).as("9 minutes of waiting, looking again after half the time waited").isBetween(10, 16);

        fx.receive("evt_2", "pay_1", 2, "authorized");
        fx.processNext();
        fx.clock.advance(SEQUENCE_GAP_WINDOW.minusMinutes(9));
        fx.processNext();

        assertThat(fx.inbox.row(ahead).status()).isEqualTo(InboxStatus.PROCESSED);
        assertThat(fx.inbox.row(ahead).attempts()).isEqualTo(1);
        assertThat(fx.stateOf("pay_1")).get().extracting(ObjectState::state, ObjectState::version)
                .containsExactly("captured", Optional.of(3L));
    }

    @Test
    void aFailureWhileReconcilingAGapRetriesThatEventAloneAndTheRestOfTheBatchIsProcessed() {
        fx.configureProviderApi();
        UUID ahead = aDeltaAheadOfItsPredecessor();
        fx.processNext();
        fx.clock.advance(SEQUENCE_GAP_WINDOW);
        fx.providerApi.failNextWith(new IllegalStateException("the answer could not be read"));
        UUID other = fx.receive("evt_9", "pay_2", 1, "other");

        fx.processBatch();

        assertThat(fx.inbox.row(other).status()).isEqualTo(InboxStatus.PROCESSED);
        Row row = fx.inbox.row(ahead);
        assertThat(row.status()).isEqualTo(InboxStatus.RECEIVED);
        assertThat(row.attempts()).isEqualTo(1);
        assertThat(row.lastError()).contains("error: java.lang.IllegalStateException");
    }

    @Test
    void failsASequenceGapThatOutlivesItsWindowWhenNoApiCanReconcileIt() {
        UUID ahead = aDeltaAheadOfItsPredecessor();
        fx.processNext();
        fx.clock.advance(SEQUENCE_GAP_WINDOW);

        fx.processNext();

        Row row = fx.inbox.row(ahead);
        assertThat(row.status()).isEqualTo(InboxStatus.FAILED);
        assertThat(row.lastError()).get().asString().startsWith("sequence gap not filled within PT10M");
        assertThat(fx.stateOf("pay_1")).get().extracting(ObjectState::state).isEqualTo("created");
        assertThat(fx.metrics.recorded()).endsWith("gap unfilled", "failed");
    }

    @Test
    void reconcilesASequenceGapThatOutlivesItsWindowFromTheProvidersCurrentState() {
        fx.configureProviderApi();
        fx.providerApi.has(key("pay_1"), new ProviderObject("settled", Optional.of(4L)));
        UUID ahead = aDeltaAheadOfItsPredecessor();
        fx.processNext();
        fx.clock.advance(SEQUENCE_GAP_WINDOW);

        fx.processNext();

        assertThat(fx.inbox.row(ahead).status()).isEqualTo(InboxStatus.PROCESSED);
        assertThat(fx.stateOf("pay_1")).get()
                .extracting(ObjectState::state, ObjectState::version, ObjectState::lastInboxId)
                .containsExactly("settled", Optional.of(4L), ahead);
        assertThat(fx.metrics.recorded()).endsWith("gap reconciled", "processed mutated");
    }

    @Test
    void retriesATransientFailureAfterTheBackoffOfItsFirstAttempt() {
        UUID inboxId = fx.receiveAnEventWhoseFetchFailsTransiently();

        fx.processNext();

        Row row = fx.inbox.row(inboxId);
        assertThat(row.status()).isEqualTo(InboxStatus.RECEIVED);
        assertThat(row.nextAttemptAt())
                .isEqualTo(TestWork.RETRY.nextAttempt(1, fx.now(), () -> TestWork.JITTER))
                .isEqualTo(fx.now().plusMillis(1500));
        assertThat(row.lastError()).contains("transient: provider answered 503");
        assertThat(fx.metrics.recorded()).containsExactly("retried");
    }

    @Test
    void backsOffLongerAfterTheSecondFailedAttempt() {
        UUID inboxId = fx.receiveAnEventWhoseFetchFailsTransiently();
        fx.processNext();
        fx.clock.advance(Duration.ofMillis(1500));

        fx.processNext();

        Row row = fx.inbox.row(inboxId);
        assertThat(row.attempts()).isEqualTo(2);
        assertThat(row.nextAttemptAt()).isEqualTo(fx.now().plusSeconds(3));
    }

    @Test
    void givesUpAfterTheLastAllowedAttempt() {
        UUID inboxId = fx.receiveAnEventWhoseFetchFailsTransiently();

        for (int attempt = 1; attempt <= TestWork.MAX_ATTEMPTS; attempt++) {
            fx.processNext();
            fx.clock.advance(Duration.ofMinutes(1));
        }

        Row row = fx.inbox.row(inboxId);
        assertThat(row.status()).isEqualTo(InboxStatus.FAILED);
        assertThat(row.attempts()).isEqualTo(TestWork.MAX_ATTEMPTS);
        assertThat(row.lastError()).contains("transient: provider answered 503 (after 3 attempts)");
        assertThat(fx.work.leaseBatch(TestWork.BATCH_SIZE)).isEmpty();
        assertThat(fx.metrics.recorded()).containsExactly("retried", "retried", "failed");
    }

    @Test
    void failsAnUninterpretableEventWithoutRetrying() {
        fx.interpreter.means(event -> {
            throw new UninterpretableEventException("data.object.id is missing");
        });
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "succeeded");

        fx.processNext();

        Row row = fx.inbox.row(inboxId);
        assertThat(row.status()).isEqualTo(InboxStatus.FAILED);
        assertThat(row.attempts()).isEqualTo(1);
        assertThat(row.lastError()).contains("uninterpretable: data.object.id is missing");
        assertThat(fx.metrics.recorded()).containsExactly("failed");
    }

    @Test
    void writesNothingOnceItsLeaseWasTakenOver() {
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "succeeded");
        LeasedInboxEvent stalled = fx.leaseOne();
        fx.outliveTheLease();
        LeasedInboxEvent current = fx.leaseOne();

        fx.processor.process(stalled);

        Row row = fx.inbox.row(inboxId);
        assertThat(row.status()).isEqualTo(InboxStatus.PROCESSING);
        assertThat(row.attempts()).isEqualTo(current.lease().attempt());
        assertThat(fx.stateOf("pay_1")).isEmpty();
        assertThat(fx.processed.contains(PROVIDER, ENDPOINT, "evt_1")).isFalse();
        assertThat(fx.forwarding.rows()).isEmpty();
        assertThat(fx.metrics.recorded()).isEmpty();
    }

    @Test
    void leavesTheRetryOfAnAttemptWhoseLeaseWasTakenOverToTheNewHolder() {
        UUID inboxId = fx.receiveAnEventWhoseFetchFailsTransiently();
        LeasedInboxEvent stalled = fx.leaseOne();
        fx.outliveTheLease();
        fx.leaseOne();
        Instant dueBefore = fx.inbox.row(inboxId).nextAttemptAt();

        fx.processor.process(stalled);

        Row row = fx.inbox.row(inboxId);
        assertThat(row.status()).isEqualTo(InboxStatus.PROCESSING);
        assertThat(row.nextAttemptAt()).isEqualTo(dueBefore);
        assertThat(row.lastError()).isEmpty();
        assertThat(fx.metrics.recorded()).isEmpty();
    }

    @Test
    void endsAnEventWhoseLastAllowedAttemptWasLostAsFailed() {
        UUID inboxId = fx.receive("evt_1", "pay_1", 1, "succeeded");
        for (int attempt = 1; attempt <= TestWork.MAX_ATTEMPTS; attempt++) {
            fx.leaseOne();
            fx.outliveTheLease();
        }
        LeasedInboxEvent afterTheLast = fx.leaseOne();

        fx.processor.endLost(afterTheLast);

        Row row = fx.inbox.row(inboxId);
        assertThat(row.status()).isEqualTo(InboxStatus.FAILED);
        assertThat(row.lastError()).get().asString()
                .startsWith("worker_lost: attempt 3 ended without an outcome");
        assertThat(fx.stateOf("pay_1")).isEmpty();
        assertThat(fx.metrics.recorded()).containsExactly("failed", "lost inbox");
    }

    /** Deltas of pay_1: sequence 1 applied, then sequence 3 received now, ahead of the missing 2. */
    private UUID aDeltaAheadOfItsPredecessor() {
        fx.eventsAreSequenced();
        fx.receive("evt_1", "pay_1", 1, "created");
        fx.processNext();
        return fx.receive("evt_3", "pay_1", 3, "captured");
    }
}
