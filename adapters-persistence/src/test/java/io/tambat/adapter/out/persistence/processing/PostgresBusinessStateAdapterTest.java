package io.tambat.adapter.out.persistence.processing;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.SessionContract;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.domain.model.processing.ObjectState;
import io.tambat.domain.model.processing.StateWrite;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.processing.BusinessStatePort;
import io.tambat.domain.port.out.processing.BusinessStatePort.Outcome;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ObjectType;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.StateChange;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Business state writes on PostgreSQL, many at once as a processed batch makes them: each by its rule, as if
 * alone and in order, whatever the mix of objects and rules in one call, with one trail row per applied write.
 */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresBusinessStateAdapterTest extends SessionContract<BusinessStatePort> {

    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    /** When the writing events were received. */
    private static final Instant RECEIVED = NOW.minusSeconds(90);
    private static final EndpointId SHOP = new EndpointId("shop");
    private static final ObjectKey PAYMENT = new ObjectKey("stripe", ObjectType.PAYMENT, "pi_1");
    private static final ObjectKey OTHER = new ObjectKey("stripe", ObjectType.PAYMENT, "pi_2");

    private final ContractDatabase database;

    PostgresBusinessStateAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<BusinessStatePort> openSession() {
        return database.session(em -> {
            PostgresBusinessStateAdapter state = new PostgresBusinessStateAdapter();
            state.em = em;
            return state;
        });
    }

    @Test
    void appliesSeveralWritesToOneObjectInTheirOrderInOneCall() {
        StateWrite v2 = versioned(PAYMENT, "processing", 2);
        StateWrite v1 = versioned(PAYMENT, "created", 1);
        StateWrite v3 = versioned(PAYMENT, "succeeded", 3);
        StateWrite other = versioned(OTHER, "created", 1);

        assertThat(applyAll(v2, other, v1, v3))
                .containsExactly(Outcome.APPLIED, Outcome.APPLIED, Outcome.STALE, Outcome.APPLIED);

        assertThat(stored(PAYMENT)).map(ObjectState::state).contains("succeeded");
        assertThat(stored(PAYMENT)).map(ObjectState::lastInboxId).contains(v3.inboxId());
        assertThat(stored(OTHER)).map(ObjectState::version).contains(Optional.of(1L));
        assertThat(trail()).containsExactlyInAnyOrder(v2.inboxId(), other.inboxId(), v3.inboxId());
        assertThat(database.column("SELECT event_received_at FROM object_mutation", Timestamp.class))
                .as("each trail row names when its event was received").containsOnly(Timestamp.from(RECEIVED));
    }

    @Test
    void appliesASequenceOnlyStepByStepAndTellsAStaleStepFromAGap() {
        assertThat(applyAll(sequenced(PAYMENT, 1), sequenced(PAYMENT, 2), sequenced(PAYMENT, 2),
                sequenced(PAYMENT, 4), sequenced(OTHER, 1)))
                .containsExactly(Outcome.APPLIED, Outcome.APPLIED, Outcome.STALE, Outcome.GAP, Outcome.APPLIED);
        assertThat(stored(PAYMENT)).map(ObjectState::version).contains(Optional.of(2L));
    }

    @Test
    void aSequenceStartsAtItsFirstNumberSoDeltasArrivingTwoOneThreeApplyOneTwoThree() {
        StateWrite second = sequenced(PAYMENT, 2);
        StateWrite first = sequenced(PAYMENT, 1);
        StateWrite third = sequenced(PAYMENT, 3);

        assertThat(applyAll(second)).as("ahead of a first delta not seen yet, not the start").containsExactly(
                Outcome.GAP);
        assertThat(stored(PAYMENT)).isEmpty();
        assertThat(applyAll(first)).containsExactly(Outcome.APPLIED);
        assertThat(applyAll(second, third)).containsExactly(Outcome.APPLIED, Outcome.APPLIED);

        assertThat(stored(PAYMENT)).map(ObjectState::state).contains("step-3");
        assertThat(database.column("SELECT version FROM object_mutation ORDER BY mutation_id", Long.class))
                .containsExactly(1L, 2L, 3L);
    }

    @Test
    void aSequenceConfiguredToStartAtZeroAppliesZeroFirstAndWaitsForItBeforeOne() {
        StateWrite one = sequencedFrom(0, PAYMENT, 1);
        StateWrite zero = sequencedFrom(0, PAYMENT, 0);

        assertThat(applyAll(one)).as("ahead of delta 0").containsExactly(Outcome.GAP);
        assertThat(applyAll(zero, one, sequencedFrom(0, OTHER, 0)))
                .containsExactly(Outcome.APPLIED, Outcome.APPLIED, Outcome.APPLIED);

        assertThat(stored(PAYMENT)).map(ObjectState::version).contains(Optional.of(1L));
    }

    @Test
    void mixesRulesInOneCallAndKeepsANewerReadOverAnOlderOne() {
        StateWrite notified = StateWrite.of(new StateChange.Notification(OTHER, "updated"), SHOP, UUID.randomUUID(),
                RECEIVED);
        StateWrite newerRead = fetched(PAYMENT, "succeeded", NOW.plusSeconds(2));
        StateWrite olderRead = fetched(PAYMENT, "processing", NOW.plusSeconds(1));
        StateWrite notifiedAgain = StateWrite.of(new StateChange.Notification(OTHER, "updated again"), SHOP,
                UUID.randomUUID(), RECEIVED);

        assertThat(applyAll(notified, newerRead, olderRead, notifiedAgain))
                .containsExactly(Outcome.APPLIED, Outcome.APPLIED, Outcome.STALE, Outcome.APPLIED);

        assertThat(stored(PAYMENT)).map(ObjectState::state).contains("succeeded");
        assertThat(stored(OTHER)).map(ObjectState::state).contains("updated again");
    }

    @Test
    void keepsTheSameObjectOnTwoEndpointsApart() {
        StateWrite shop = versioned(PAYMENT, "succeeded", 5);
        StateWrite elsewhere = new StateWrite(UUID.randomUUID(), RECEIVED, new EndpointId("other-shop"), PAYMENT,
                "created", StateWrite.Rule.NEWER_VERSION, Optional.of(1L), Optional.empty(), Optional.empty());

        assertThat(applyAll(shop, elsewhere)).containsExactly(Outcome.APPLIED, Outcome.APPLIED);
        List<ObjectState> states = session.call(state -> state.findOnAnyEndpoint(PAYMENT));
        assertThat(states).extracting(ObjectState::state).containsExactlyInAnyOrder("succeeded", "created");
    }

    @Test
    void forgetsTheTrailOfChangesAppliedBeforeTheCutOffButKeepsTheStates() {
        StateWrite early = versioned(PAYMENT, "created", 1);
        StateWrite late = versioned(PAYMENT, "succeeded", 2);
        session.run(state -> state.applyAll(List.of(early), NOW));
        session.run(state -> state.applyAll(List.of(late), NOW.plusSeconds(60)));

        assertThat(session.<Integer>call(state -> state.purgeTrail(NOW.plusSeconds(1), 10))).isEqualTo(1);

        assertThat(trail()).containsExactly(late.inboxId());
        assertThat(stored(PAYMENT)).map(ObjectState::state).contains("succeeded");
    }

    @Test
    void keepsTheMutationsUnfinishedStateChangeDeliveriesStillSend() {
        StateWrite paused = versioned(PAYMENT, "created", 1);
        StateWrite failedForward = versioned(PAYMENT, "processing", 2);
        StateWrite delivered = versioned(PAYMENT, "succeeded", 3);
        StateWrite onlyItsEventWaits = versioned(OTHER, "created", 1);
        session.run(state -> state.applyAll(List.of(paused, failedForward, delivered, onlyItsEventWaits), NOW));
        database.stateChangeDelivery("paused", paused.inboxId(), "PENDING", NOW);
        database.stateChangeDelivery("ledger", failedForward.inboxId(), "FAILED", NOW);
        database.stateChangeDelivery("ledger", delivered.inboxId(), "DELIVERED", NOW);
        database.forwardDelivery("ledger", onlyItsEventWaits.inboxId(), "PENDING", NOW);

        assertThat(session.<Integer>call(state -> state.purgeTrail(NOW.plus(Duration.ofDays(90)), 10))).isEqualTo(2);

        assertThat(trail()).as("a PENDING or FAILED state change is sent from its mutation, once resumed or redriven")
                .containsExactlyInAnyOrder(paused.inboxId(), failedForward.inboxId());
    }

    @Test
    void findsWhichEventsHaveAMutationInTheTrail() {
        StateWrite applied = versioned(PAYMENT, "succeeded", 2);
        StateWrite stale = versioned(PAYMENT, "created", 1);
        applyAll(applied);
        applyAll(stale);
        UUID unknown = UUID.randomUUID();

        Set<UUID> mutated = session.call(state -> state.mutatedAmong(Set.of(applied.inboxId(), stale.inboxId(),
                unknown)));

        assertThat(mutated).containsExactly(applied.inboxId());
    }

    private List<Outcome> applyAll(StateWrite... writes) {
        return session.call(state -> state.applyAll(List.of(writes), NOW));
    }

    private Optional<ObjectState> stored(ObjectKey key) {
        return session.call(state -> state.find(SHOP, key));
    }

    private List<UUID> trail() {
        return database.column("SELECT inbox_id FROM object_mutation", UUID.class);
    }

    private static StateWrite versioned(ObjectKey key, String state, long version) {
        return StateWrite.of(new StateChange.Versioned(key, state, version), SHOP, UUID.randomUUID(), RECEIVED);
    }

    private static StateWrite sequencedFrom(long first, ObjectKey key, long sequence) {
        return StateWrite.of(new StateChange.Sequenced(key, "step-" + sequence, sequence, first), SHOP,
                UUID.randomUUID(), RECEIVED);
    }

    private static StateWrite sequenced(ObjectKey key, long sequence) {
        return sequencedFrom(StateChange.Sequenced.USUAL_FIRST, key, sequence);
    }

    private static StateWrite fetched(ObjectKey key, String state, Instant fetchedAt) {
        return StateWrite.fetched(key, new ProviderObject(state, Optional.empty()), fetchedAt, SHOP,
                UUID.randomUUID(), RECEIVED);
    }
}
