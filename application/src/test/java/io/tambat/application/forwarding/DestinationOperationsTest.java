package io.tambat.application.forwarding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.operator.Actions;
import io.tambat.application.operator.AuditTrail;
import io.tambat.application.port.in.forwarding.OperateDestinationsUseCase;
import io.tambat.application.testing.FiredEvents;
import io.tambat.application.testing.InMemoryAuditTrail;
import io.tambat.application.testing.InMemoryDestinationHealth;
import io.tambat.application.testing.InMemoryForwarding;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.TestDestinations;
import io.tambat.domain.model.forwarding.DeliveriesRecorded;
import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.ForwardableEvent;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.forwarding.ReceivedRange;
import io.tambat.domain.model.operator.Operator;
import io.tambat.domain.model.operator.OperatorAction;
import io.tambat.domain.model.webhook.EndpointId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class DestinationOperationsTest {

    private static final Operator OPERATOR = new Operator("ops@example.com");

    private final MutableClock clock = MutableClock.start();
    private final InMemoryForwarding deliveries = new InMemoryForwarding();
    private final FiredEvents<DeliveriesRecorded> recorded = new FiredEvents<>();
    private final InMemoryAuditTrail trail = new InMemoryAuditTrail();
    private static final Duration WAIT = Duration.ofSeconds(5);

    private final DestinationOperations operations = new DestinationOperations();

    DestinationOperationsTest() {
        AuditTrail audit = new AuditTrail(trail, new TimeOrderedIds(clock), clock);
        DestinationRecoveryBatch batches = new DestinationRecoveryBatch();
        batches.deliveries = deliveries;
        batches.recorded = recorded;
        batches.audit = audit;
        batches.clock = clock;
        operations.destinations = new Destinations(List.of(TestDestinations.http("shop", Set.of(MessageType.EVENT))));
        operations.deliveries = deliveries;
        operations.health = new InMemoryDestinationHealth();
        operations.batches = batches;
        operations.audit = audit;
        operations.actions = Actions.atOnce(audit);
        operations.clock = clock;
    }

    @Test
    void aBulkRedriveWalksItsRangeInBatchesAndAuditsWhatItMoved() {
        Instant from = clock.instant();
        List<Long> failed = new ArrayList<>();
        for (int i = 0; i < DestinationRecoveryBatch.SIZE + 3; i++) {
            failed.add(failedDelivery());
        }
        clock.advance(Duration.ofMinutes(1));
        long later = failedDelivery();

        Optional<OperateDestinationsUseCase.Recovery> done = operations.redriveFailed(OPERATOR, "shop",
                new ReceivedRange(from, from.plusSeconds(30)), WAIT).map(Actions::result);

        assertThat(done).hasValueSatisfying(recovery -> {
            assertThat(recovery.scheduled()).isEqualTo(DestinationRecoveryBatch.SIZE + 3);
            OperatorAction audited = trail.get(recovery.actionId());
            assertThat(audited.kind()).isEqualTo(OperatorAction.Kind.DESTINATION_BULK_REDRIVE);
            assertThat(audited.count()).isEqualTo(DestinationRecoveryBatch.SIZE + 3);
            assertThat(audited.filter()).isEqualTo(Map.of("destination_id", "shop", "received_from",
                    from.toString(), "received_to", from.plusSeconds(30).toString()));
        });
        assertThat(failed).allSatisfy(id -> assertThat(deliveries.row(id).status()).isEqualTo(DeliveryStatus.PENDING));
        assertThat(deliveries.row(later).status()).isEqualTo(DeliveryStatus.FAILED);
        assertThat(operations.redriveFailed(OPERATOR, "nowhere", new ReceivedRange(from, from.plusSeconds(1)), WAIT))
                .isEmpty();
    }

    @Test
    void aReplayAlsoRecordsTheMessagesOfEventsTheDestinationNeverHadWhileTheirContentIsKept() {
        operations.destinations = new Destinations(List.of(TestDestinations.http("shop",
                Set.of(MessageType.EVENT, MessageType.STATE_CHANGE))));
        Instant from = clock.instant();
        List<UUID> missed = new ArrayList<>();
        for (int i = 0; i < DestinationRecoveryBatch.SIZE + 1; i++) {
            missed.add(received(from.plusMillis(i), true, Optional.empty()));
        }
        UUID applied = received(from.plusSeconds(1), true, Optional.of(new ForwardableEvent.AppliedMutation("pi_9",
                from.plusSeconds(2))));
        UUID purged = received(from.plusSeconds(3), false, Optional.empty());
        UUID had = received(from.plusSeconds(4), true, Optional.empty());
        deliveries.enqueue(List.of(new NewForward("shop", MessageType.EVENT, NewForward.eventMessageId(had), had,
                from.plusSeconds(4), had.toString(), from.plusSeconds(4))));
        received(from.plusSeconds(60), true, Optional.empty());

        Optional<OperateDestinationsUseCase.Recovery> done = operations.replay(OPERATOR, "shop",
                new ReceivedRange(from, from.plusSeconds(30)), WAIT).map(Actions::result);

        assertThat(done).hasValueSatisfying(recovery -> {
            assertThat(recovery.scheduled()).as("each missed event, and the one applied with its state change")
                    .isEqualTo(DestinationRecoveryBatch.SIZE + 1 + 2);
            assertThat(trail.get(recovery.actionId()).count()).isEqualTo(recovery.scheduled());
        });
        assertThat(deliveries.rows()).filteredOn(row -> row.forward().inboxId().equals(applied))
                .extracting(row -> row.forward().type(), row -> row.forward().messageId(),
                        row -> row.forward().orderingKey())
                .containsExactlyInAnyOrder(
                        tuple(MessageType.EVENT, applied.toString(), "stripe:stripe-main:obj_" + applied),
                        tuple(MessageType.STATE_CHANGE, NewForward.stateChangeMessageId(applied),
                                "stripe:stripe-main:pi_9"));
        assertThat(deliveries.rows()).noneMatch(row -> row.forward().inboxId().equals(purged));
        assertThat(deliveries.rows()).filteredOn(row -> row.forward().inboxId().equals(had)).hasSize(1);
        assertThat(missed).allSatisfy(inboxId -> assertThat(deliveries.rows())
                .anyMatch(row -> row.forward().inboxId().equals(inboxId)));
        assertThat(recorded.fired()).as("senders woken by each batch that recorded some").hasSize(2);
    }

    private UUID received(Instant at, boolean payloadKept, Optional<ForwardableEvent.AppliedMutation> mutation) {
        UUID inboxId = UUID.randomUUID();
        deliveries.receive(new ForwardableEvent(inboxId, "stripe", "stripe-main", "payment_intent.succeeded",
                Optional.of("obj_" + inboxId), at, payloadKept, mutation));
        return inboxId;
    }

    @Test
    void aPausedDestinationSaysSoAndEveryPauseAndResumeIsAudited() {
        assertThat(operations.pause(OPERATOR, "shop")).isTrue();
        assertThat(state()).isEqualTo("paused");
        assertThat(operations.pause(OPERATOR, "shop")).as("paused already, audited as changing nothing").isTrue();
        assertThat(operations.resume(OPERATOR, "shop")).isTrue();
        assertThat(state()).isEqualTo("active");
        assertThat(operations.pause(OPERATOR, "nowhere")).isFalse();

        assertThat(trail.recent(Optional.empty(), 10)).extracting(OperatorAction::kind, OperatorAction::count)
                .containsExactlyInAnyOrder(
                        tuple(OperatorAction.Kind.DESTINATION_PAUSE, 1L),
                        tuple(OperatorAction.Kind.DESTINATION_PAUSE, 0L),
                        tuple(OperatorAction.Kind.DESTINATION_RESUME, 1L));
    }

    @Test
    void onlyAFailedDeliveryIsSkippedAndAnUnorderedDestinationHoldsNoKey() {
        long failed = failedDelivery();
        long pending = enqueued();

        assertThat(operations.skip(OPERATOR, "shop", pending)).isEqualTo(OperateDestinationsUseCase.FailedDeliveryOutcome.NOT_FAILED);
        assertThat(operations.skip(OPERATOR, "shop", failed)).isEqualTo(OperateDestinationsUseCase.FailedDeliveryOutcome.DONE);
        assertThat(operations.skip(OPERATOR, "nowhere", failed)).isEqualTo(OperateDestinationsUseCase.FailedDeliveryOutcome.NOT_FOUND);
        assertThat(deliveries.row(failed).status()).isEqualTo(DeliveryStatus.SKIPPED);
        assertThat(trail.recent(Optional.of(OperatorAction.Kind.FORWARD_DELIVERY_SKIP), 10)).hasSize(2);
        assertThat(operations.heldKeys("shop", 10)).contains(List.of());
        assertThat(operations.heldKeys("nowhere", 10)).isEmpty();
    }

    @Test
    void aRemovedDestinationIsListedUntilItsUnfinishedDeliveriesAreDiscardedInAuditedBatches() {
        List<Long> unfinished = new ArrayList<>();
        for (int i = 0; i < DestinationRecoveryBatch.SIZE + 2; i++) {
            unfinished.add(enqueued("gone"));
        }
        unfinished.add(failedDelivery("gone"));
        long delivered = enqueued("gone");
        deliveries.end(List.of(DeliveryEnd.delivered(leased("gone", delivered), Optional.of(200), clock.instant())));

        assertThat(operations.destinations()).extracting(OperateDestinationsUseCase.DestinationState::destinationId,
                OperateDestinationsUseCase.DestinationState::state, OperateDestinationsUseCase.DestinationState::kind)
                .containsExactly(tuple("shop", "active", Optional.of("http")), tuple("gone", "removed", Optional.empty()));
        assertThat(operations.destinations().get(1).backlog().pending()).isEqualTo(DestinationRecoveryBatch.SIZE + 2);
        assertThat(operations.deliveries("gone", everything())).isPresent();
        assertThat(operations.heldKeys("gone", 10)).contains(List.of());
        assertThat(operations.discard(OPERATOR, "shop", WAIT))
                .as("a configured destination's deliveries are still sent")
                .isInstanceOf(OperateDestinationsUseCase.DiscardOutcome.StillConfigured.class);
        assertThat(operations.discard(OPERATOR, "nowhere", WAIT))
                .isInstanceOf(OperateDestinationsUseCase.DiscardOutcome.Unknown.class);

        OperateDestinationsUseCase.DiscardOutcome outcome = operations.discard(OPERATOR, "gone", WAIT);

        assertThat(outcome).isInstanceOfSatisfying(OperateDestinationsUseCase.DiscardOutcome.Discarded.class,
                discarded -> {
                    assertThat(Actions.result(discarded.recovery()).scheduled()).isEqualTo(DestinationRecoveryBatch.SIZE + 3);
                    OperatorAction audited = trail.get(discarded.recovery().actionId());
                    assertThat(audited.kind()).isEqualTo(OperatorAction.Kind.DESTINATION_DISCARD);
                    assertThat(audited.count()).isEqualTo(DestinationRecoveryBatch.SIZE + 3);
                    assertThat(audited.filter()).isEqualTo(Map.of("destination_id", "gone"));
                });
        assertThat(unfinished).allSatisfy(id -> assertThat(deliveries.row(id).status())
                .isEqualTo(DeliveryStatus.SKIPPED));
        assertThat(deliveries.row(delivered).status()).isEqualTo(DeliveryStatus.DELIVERED);
        assertThat(operations.destinations()).extracting(OperateDestinationsUseCase.DestinationState::destinationId)
                .containsExactly("shop");
        assertThat(operations.deliveries("gone", everything())).isEmpty();
    }

    private static DeliveryQuery everything() {
        return new DeliveryQuery(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), 10);
    }

    private String state() {
        return operations.destinations().get(0).state();
    }

    private long enqueued() {
        return enqueued("shop");
    }

    private long enqueued(String destinationId) {
        UUID inboxId = UUID.randomUUID();
        deliveries.event(inboxId, new InMemoryForwarding.StoredEvent("stripe", new EndpointId("stripe-main"),
                "payment_intent.succeeded", "evt_" + inboxId, Optional.empty(), Optional.empty(), Optional.empty()));
        deliveries.enqueue(List.of(new NewForward(destinationId, MessageType.EVENT, NewForward.eventMessageId(inboxId),
                inboxId, clock.instant(), inboxId.toString(), clock.instant())));
        return deliveries.rows().get(deliveries.rows().size() - 1).deliveryId();
    }

    private long failedDelivery() {
        return failedDelivery("shop");
    }

    private long failedDelivery(String destinationId) {
        long id = enqueued(destinationId);
        deliveries.end(List.of(DeliveryEnd.failed(leased(destinationId, id), Optional.of(500), "answered 500",
                clock.instant())));
        return id;
    }

    private ForwardDelivery leased(String destinationId, long deliveryId) {
        return deliveries.leaseDue(destinationId, Destination.Ordering.NONE, Integer.MAX_VALUE, clock.instant(),
                clock.instant().plusSeconds(30)).stream()
                .filter(delivery -> delivery.deliveryId() == deliveryId).findFirst().orElseThrow();
    }
}
