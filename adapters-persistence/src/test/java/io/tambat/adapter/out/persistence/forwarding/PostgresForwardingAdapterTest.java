package io.tambat.adapter.out.persistence.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.adapter.out.persistence.ContractDatabase;
import io.tambat.adapter.out.persistence.ContractDatabaseExtension;
import io.tambat.adapter.out.persistence.InboxEntryFixture;
import io.tambat.adapter.out.persistence.StoreSession;
import io.tambat.adapter.out.persistence.WorkLeaseContract;
import io.tambat.adapter.out.persistence.inbox.InboxAdapters;
import io.tambat.adapter.out.persistence.inbox.PostgresInboxAdapter;
import io.tambat.adapter.out.persistence.inbox.PostgresInboxRetentionAdapter;
import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.ForwardableEvent;
import io.tambat.domain.model.forwarding.HeldKey;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.forwarding.ReceivedRange;
import io.tambat.domain.model.forwarding.StateChangeNotice;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import io.tambat.domain.port.out.webhook.InboxPort;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The lease contract and the operators' reads of forward deliveries, through {@link PostgresForwardingAdapter}. */
@ExtendWith(ContractDatabaseExtension.class)
class PostgresForwardingAdapterTest
        extends WorkLeaseContract<PostgresForwardingAdapterTest.ForwardingPorts, Long> {

    private static final String DESTINATION = "shop-orders";
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    private final ContractDatabase database;

    PostgresForwardingAdapterTest(ContractDatabase database) {
        this.database = database;
    }

    @Override
    protected StoreSession<ForwardingPorts> openSession() {
        return database.session(em -> {
            PostgresInboxAdapter inbox = InboxAdapters.inbox(em);
            PostgresForwardingAdapter forwarding = new PostgresForwardingAdapter();
            forwarding.em = em;
            return new ForwardingPorts(inbox, forwarding);
        });
    }

    @Override
    protected Long enqueue(Instant dueAt) {
        return forwardOf(stored(InboxEntryFixture.valid(dueAt)), DESTINATION, dueAt);
    }

    @Override
    protected List<LeasedItem<Long>> leaseDue(ForwardingPorts ports, int max, Instant now, Instant leaseUntil) {
        return ports.forwarding().leaseDue(DESTINATION, Destination.Ordering.NONE, max, now, leaseUntil).stream()
                .map(delivery -> new LeasedItem<>(delivery.deliveryId(), delivery.lease()))
                .toList();
    }

    @Override
    protected boolean complete(ForwardingPorts ports, Long deliveryId, int attempt, Instant now) {
        return delivered(ports.forwarding(), deliveryId, attempt, Optional.of(200), now);
    }

    @Override
    protected int storedAttemptCount(Long deliveryId) {
        return database.value("SELECT attempt_count FROM forward_delivery WHERE delivery_id = ?", Integer.class,
                deliveryId);
    }

    @Test
    void leasesWithWhatTheSendNeedsOfItsEventAndOnlyForItsDestination() {
        NewInboxEvent entry = stored(InboxEntryFixture.valid(NOW));
        forwardOf(entry, DESTINATION, NOW);
        forwardOf(entry, "audit-log", NOW);

        List<ForwardDelivery> leased = session.call(ports -> ports.forwarding().leaseDue(DESTINATION,
                Destination.Ordering.NONE, 10, NOW,
                NOW.plusSeconds(30)));

        assertThat(leased).singleElement().satisfies(delivery -> {
            assertThat(delivery.destinationId()).isEqualTo(DESTINATION);
            assertThat(delivery.messageId()).isEqualTo(entry.inboxId().toString());
            assertThat(delivery.type()).isEqualTo(MessageType.EVENT);
            assertThat(delivery.provider()).isEqualTo(InboxEntryFixture.PROVIDER);
            assertThat(delivery.endpointId()).isEqualTo(entry.endpointId());
            assertThat(delivery.eventType()).isEqualTo(InboxEntryFixture.EVENT_TYPE);
            assertThat(delivery.providerEventId()).isEqualTo(entry.event().providerEventId());
            assertThat(delivery.contentType()).contains("application/json");
            assertThat(delivery.payload()).hasValueSatisfying(payload ->
                    assertThat(inRow(payload)).isEqualTo(inRow(entry.payload())));
        });
    }

    @Test
    void leasesAnEventWhosePayloadIsInTheObjectStoreWithTheObjectItsRowNames() {
        NewInboxEvent entry = stored(InboxEntryFixture.valid(NOW).buildInObjectStore());
        forwardOf(entry, DESTINATION, NOW);

        assertThat(leaseAt(NOW)).singleElement().satisfies(delivery -> {
            assertThat(delivery.payload()).contains(entry.payload());
            assertThat(delivery.purged()).isFalse();
        });
    }

    @Test
    void aWalkOfTheReceivedEventsCountsAPayloadInTheObjectStoreAsKept() {
        NewInboxEvent entry = stored(InboxEntryFixture.valid(NOW).buildInObjectStore());

        assertThat(session.<List<ForwardableEvent>>call(ports -> ports.forwarding().received(
                new ReceivedRange(NOW, NOW.plusSeconds(1)), Optional.empty(), 10)))
                .singleElement().satisfies(event -> {
                    assertThat(event.inboxId()).isEqualTo(entry.inboxId());
                    assertThat(event.payloadKept()).isTrue();
                });
    }

    @Test
    void leasesAStateChangeWithTheMutationItSaysAndWithoutItsEventsPayload() {
        NewInboxEvent entry = stored(InboxEntryFixture.valid(NOW));
        Instant appliedAt = NOW.plusMillis(1_250);
        database.execute("INSERT INTO object_mutation (provider, endpoint_id, object_type, object_id, inbox_id, state, "
                + "version, applied_at, event_received_at) VALUES (?, ?, 'payment_intent', 'pi_1', ?, 'succeeded', 7, ?,"
                + " ?)", InboxEntryFixture.PROVIDER, entry.endpointId().value(), entry.inboxId(),
                Timestamp.from(appliedAt), Timestamp.from(entry.receivedAt()));
        session.run(ports -> ports.forwarding().enqueue(List.of(new NewForward(DESTINATION, MessageType.STATE_CHANGE,
                NewForward.stateChangeMessageId(entry.inboxId()), entry.inboxId(), entry.receivedAt(),
                "stripe:shop:pi_1", appliedAt))));

        assertThat(leaseAt(appliedAt)).singleElement().satisfies(delivery -> {
            assertThat(delivery.type()).isEqualTo(MessageType.STATE_CHANGE);
            assertThat(delivery.messageId()).isEqualTo(NewForward.stateChangeMessageId(entry.inboxId()));
            assertThat(delivery.orderingKey()).isEqualTo("stripe:shop:pi_1");
            assertThat(delivery.payload()).isEmpty();
            assertThat(delivery.purged()).isFalse();
            assertThat(delivery.stateChange()).contains(new StateChangeNotice(entry.inboxId(),
                    InboxEntryFixture.PROVIDER, entry.endpointId().value(), "payment_intent", "pi_1", "succeeded",
                    Optional.of(7L), appliedAt));
        });
    }

    @Test
    void aStateChangeWhoseMutationLeftTheTrailLeasesAsPurged() {
        NewInboxEvent entry = stored(InboxEntryFixture.valid(NOW));
        session.run(ports -> ports.forwarding().enqueue(List.of(new NewForward(DESTINATION, MessageType.STATE_CHANGE,
                NewForward.stateChangeMessageId(entry.inboxId()), entry.inboxId(), entry.receivedAt(),
                entry.inboxId().toString(), NOW))));

        assertThat(leaseAt(NOW)).singleElement().satisfies(delivery -> {
            assertThat(delivery.stateChange()).isEmpty();
            assertThat(delivery.purged()).isTrue();
        });
    }

    @Test
    void recordsOneDeliveryPerMessageAndDestinationHoweverOftenItIsEnqueued() {
        NewInboxEvent entry = stored(InboxEntryFixture.valid(NOW));
        forwardOf(entry, DESTINATION, NOW);
        forwardOf(entry, DESTINATION, NOW.plusSeconds(5));

        assertThat(database.value("SELECT count(*) FROM forward_delivery WHERE inbox_id = ?", Long.class,
                entry.inboxId())).isEqualTo(1L);
        assertThat(database.value("SELECT event_received_at FROM forward_delivery WHERE inbox_id = ?",
                Timestamp.class, entry.inboxId())).as("named with when its event was received")
                .isEqualTo(Timestamp.from(entry.receivedAt()));
    }

    @Test
    void aRetryKeepsTheMessageDueLaterAndAFailureWaitsForARedrive() {
        long id = enqueue(NOW);
        int first = lease().lease().attempt();
        assertThat(written(ports -> retryLater(ports, id, first, NOW.plusSeconds(5), Optional.of(503), "answered 503")))
                .isTrue();
        assertThat(leaseAt(NOW.plusSeconds(4))).isEmpty();

        int second = leaseAt(NOW.plusSeconds(5)).get(0).lease().attempt();
        assertThat(written(ports -> fail(ports, id, second, Optional.empty(), "timeout: no answer within PT15S",
                NOW.plusSeconds(6)))).isTrue();
        assertThat(leaseAt(NOW.plusSeconds(60))).isEmpty();
        assertThat(written(ports -> ports.status(DESTINATION, id).equals(Optional.of(DeliveryStatus.FAILED))))
                .isTrue();

        assertThat(written(ports -> ports.redrive("another", id, NOW.plusSeconds(70)))).isFalse();
        assertThat(written(ports -> ports.redrive(DESTINATION, id, NOW.plusSeconds(70)))).isTrue();
        assertThat(written(ports -> ports.redrive(DESTINATION, id, NOW.plusSeconds(70)))).isFalse();
        ForwardDelivery again = leaseAt(NOW.plusSeconds(70)).get(0);
        assertThat(again.deliveryId()).isEqualTo(id);
        assertThat(again.lease().attempt()).isEqualTo(3);
    }

    @Test
    void onlyTheTransactionThatWritesEndsCommitsWithoutWaitingForTheDisk() {
        enqueue(NOW);
        enqueue(NOW);
        ForwardDelivery leased = lease();

        String afterALease = session.call(ports -> synchronousCommit(ports.forwarding()));
        String afterEnds = session.call(ports -> {
            ports.forwarding().end(List.of(DeliveryEnd.delivered(leased, Optional.of(200), NOW)));
            ports.forwarding().leaseDue(DESTINATION, Destination.Ordering.NONE, 1, NOW.plusSeconds(1),
                    NOW.plusSeconds(30));
            return synchronousCommit(ports.forwarding());
        });
        String afterThatTransaction = session.call(ports -> synchronousCommit(ports.forwarding()));

        assertThat(afterALease).isEqualTo("on");
        assertThat(afterEnds).as("the ends and the lease beside them").isEqualTo("off");
        assertThat(afterThatTransaction).as("set for that transaction only").isEqualTo("on");
        assertThat(statusOf(leased.deliveryId())).isEqualTo("DELIVERED");
    }

    /** The setting in the session's current transaction, read on its connection. */
    private static String synchronousCommit(ForwardingPort forwarding) {
        return (String) ((PostgresForwardingAdapter) forwarding).em
                .createNativeQuery("SELECT current_setting('synchronous_commit')").getSingleResult();
    }

    @Test
    void endsAGroupOfAttemptsInOneCallEachFencedByItsOwnAttempt() {
        long takenOver = enqueue(NOW.minusSeconds(40));
        long delivered = enqueue(NOW.minusSeconds(20));
        long retried = enqueue(NOW.minusSeconds(20));
        long failed = enqueue(NOW.minusSeconds(20));
        ForwardDelivery stale = leaseAt(NOW.minusSeconds(40)).get(0);
        Map<Long, ForwardDelivery> leased = leaseAt(NOW.minusSeconds(20)).stream()
                .collect(Collectors.toMap(ForwardDelivery::deliveryId, Function.identity()));
        assertThat(leased).containsOnlyKeys(delivered, retried, failed);
        assertThat(leaseAt(NOW.minusSeconds(10))).as("only its lease ran out").singleElement()
                .satisfies(delivery -> {
                    assertThat(delivery.deliveryId()).isEqualTo(takenOver);
                    assertThat(delivery.lease()).isEqualTo(new Lease(2, true));
                });

        Set<DeliveryEnd> written = session.call(ports -> ports.forwarding().end(List.of(
                DeliveryEnd.delivered(leased.get(delivered), Optional.of(200), NOW),
                DeliveryEnd.retryLater(leased.get(retried), NOW.plusSeconds(5), Optional.of(503), "answered 503"),
                DeliveryEnd.failed(leased.get(failed), Optional.of(500), "answered 500 (after 1 attempts)", NOW),
                DeliveryEnd.delivered(stale, Optional.of(200), NOW))));

        assertThat(written).extracting(DeliveryEnd::deliveryId).containsExactlyInAnyOrder(delivered, retried, failed);
        assertThat(row(delivered)).satisfies(delivery -> {
            assertThat(delivery.status()).isEqualTo(DeliveryStatus.DELIVERED);
            assertThat(delivery.deliveredAt()).contains(NOW);
            assertThat(delivery.lastStatus()).contains(200);
            assertThat(delivery.lastError()).isEmpty();
        });
        assertThat(row(retried)).satisfies(delivery -> {
            assertThat(delivery.status()).isEqualTo(DeliveryStatus.PENDING);
            assertThat(delivery.nextAttemptAt()).contains(NOW.plusSeconds(5));
            assertThat(delivery.lastStatus()).contains(503);
            assertThat(delivery.lastError()).contains("answered 503");
            assertThat(delivery.attemptCount()).isEqualTo(1);
        });
        assertThat(row(failed)).satisfies(delivery -> {
            assertThat(delivery.status()).isEqualTo(DeliveryStatus.FAILED);
            assertThat(delivery.lastStatus()).contains(500);
            assertThat(delivery.lastError()).contains("answered 500 (after 1 attempts)");
        });
        assertThat(row(takenOver)).as("the stale attempt marks nothing").satisfies(delivery -> {
            assertThat(delivery.status()).isEqualTo(DeliveryStatus.PENDING);
            assertThat(delivery.attemptCount()).isEqualTo(2);
            assertThat(delivery.lastStatus()).isEmpty();
            assertThat(delivery.lastError()).isEmpty();
        });
        assertThat(leaseUntil(delivered)).isEmpty();
        assertThat(leaseUntil(retried)).isEmpty();
        assertThat(leaseUntil(failed)).isEmpty();
        assertThat(leaseUntil(takenOver)).as("still under its new lease").contains(NOW.plusSeconds(20));
        assertThat(leaseAt(NOW.plusSeconds(5))).extracting(ForwardDelivery::deliveryId).containsExactly(retried);
        assertThat(session.<Set<DeliveryEnd>>call(ports -> ports.forwarding().end(List.of()))).isEmpty();
    }

    @Test
    void listsDeliveriesNewestFirstByStatusAndEventWithTheirLastAnswer() {
        long older = enqueue(NOW);
        long newer = enqueue(NOW.plusSeconds(1));
        int attempt = lease().lease().attempt();
        session.run(ports -> fail(ports.forwarding(), older, attempt, Optional.of(500),
                "answered 500 (after 1 attempts)", NOW.plusSeconds(2)));

        List<DeliveryRecord> all = deliveries(new DeliveryQuery(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), 10));
        List<DeliveryRecord> failed = deliveries(new DeliveryQuery(Optional.of(DeliveryStatus.FAILED), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), 10));
        List<DeliveryRecord> afterNewer = deliveries(new DeliveryQuery(Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of(newer), 10));
        UUID newerEvent = all.get(0).inboxId();
        List<DeliveryRecord> ofEvent = deliveries(new DeliveryQuery(Optional.empty(), Optional.of(newerEvent),
                Optional.empty(), Optional.empty(), Optional.empty(), 10));
        List<DeliveryRecord> receivedLater = deliveries(new DeliveryQuery(Optional.empty(), Optional.empty(),
                Optional.of(NOW.plusSeconds(1)), Optional.of(NOW.plusSeconds(2)), Optional.empty(), 10));

        assertThat(all).extracting(DeliveryRecord::deliveryId).containsExactly(newer, older);
        assertThat(failed).singleElement().satisfies(delivery -> {
            assertThat(delivery.deliveryId()).isEqualTo(older);
            assertThat(delivery.lastStatus()).contains(500);
            assertThat(delivery.lastError()).contains("answered 500 (after 1 attempts)");
            assertThat(delivery.nextAttemptAt()).isEmpty();
            assertThat(delivery.attemptCount()).isEqualTo(1);
        });
        assertThat(afterNewer).extracting(DeliveryRecord::deliveryId).containsExactly(older);
        assertThat(ofEvent).extracting(DeliveryRecord::deliveryId).containsExactly(newer);
        assertThat(receivedLater).extracting(DeliveryRecord::deliveryId).containsExactly(newer);
    }

    @Test
    void withPerObjectOrderingOnlyTheFirstUnfinishedDeliveryOfEachKeyIsDue() {
        long firstOfA = keyed("stripe:shop:pi_A", NOW);
        long secondOfA = keyed("stripe:shop:pi_A", NOW.plusMillis(1));
        long firstOfB = keyed("stripe:shop:pi_B", NOW.plusMillis(2));

        List<ForwardDelivery> first = leaseInOrder(NOW.plusSeconds(1));
        assertThat(first).extracting(ForwardDelivery::deliveryId).containsExactlyInAnyOrder(firstOfA, firstOfB);
        assertThat(leaseInOrder(NOW.plusSeconds(1))).as("A's second waits while its first is leased").isEmpty();
        ForwardDelivery leasedA = first.stream().filter(delivery -> delivery.deliveryId() == firstOfA).findFirst()
                .orElseThrow();
        session.run(ports -> retryLater(ports.forwarding(), firstOfA, leasedA.lease().attempt(), NOW.plusSeconds(5),
                Optional.of(500), "answered 500"));
        assertThat(leaseInOrder(NOW.plusSeconds(2))).as("nor while its first waits for a retry").isEmpty();

        ForwardDelivery retried = leaseInOrder(NOW.plusSeconds(5)).get(0);
        assertThat(retried.deliveryId()).isEqualTo(firstOfA);
        session.run(ports -> delivered(ports.forwarding(), firstOfA, retried.lease().attempt(), Optional.of(200),
                NOW.plusSeconds(5)));
        assertThat(leaseInOrder(NOW.plusSeconds(6))).extracting(ForwardDelivery::deliveryId).containsExactly(secondOfA);
        assertThat(leaseAt(NOW.plusSeconds(6))).as("without ordering nothing waits, and the lease still holds")
                .isEmpty();
    }

    @Test
    void aFailedDeliveryHoldsItsKeyListedWithWhatWaitsUntilItIsSkipped() {
        long failed = keyed("stripe:shop:pi_A", NOW);
        long waiting = keyed("stripe:shop:pi_A", NOW.plusMillis(1));
        keyed("stripe:shop:pi_A", NOW.plusMillis(2));
        ForwardDelivery head = leaseInOrder(NOW.plusSeconds(1)).get(0);
        session.run(ports -> fail(ports.forwarding(), failed, head.lease().attempt(), Optional.of(500), "answered 500",
                NOW.plusSeconds(1)));

        assertThat(leaseInOrder(NOW.plusSeconds(2))).isEmpty();
        assertThat(heldKeys()).containsExactly(
                new HeldKey("stripe:shop:pi_A", failed, NOW.plusSeconds(1), 2));
        assertThat(session.call(ports -> ports.forwarding().backlog(DESTINATION, Destination.Ordering.PER_OBJECT,
                NOW)).heldKeys()).isEqualTo(1);
        assertThat(session.call(ports -> ports.forwarding().backlog(DESTINATION, Destination.Ordering.NONE, NOW))
                .heldKeys()).as("without ordering a FAILED delivery holds nothing").isZero();

        assertThat(written(ports -> ports.skip(DESTINATION, waiting, NOW))).as("only a FAILED one").isFalse();
        assertThat(written(ports -> ports.skip("another", failed, NOW))).isFalse();
        assertThat(written(ports -> ports.skip(DESTINATION, failed, NOW.plusSeconds(3)))).isTrue();
        assertThat(written(ports -> ports.status(DESTINATION, failed).equals(Optional.of(DeliveryStatus.SKIPPED))))
                .isTrue();
        assertThat(leaseInOrder(NOW.plusSeconds(3))).extracting(ForwardDelivery::deliveryId).containsExactly(waiting);
        assertThat(heldKeys()).isEmpty();
    }

    @Test
    void aPausedDestinationLeasesNothingOnAnyInstanceUntilResumed() {
        long id = enqueue(NOW);
        assertThat(written(ports -> ports.pause(DESTINATION, NOW))).isTrue();
        assertThat(written(ports -> ports.pause(DESTINATION, NOW))).as("paused already").isFalse();

        assertThat(leaseAt(NOW.plusSeconds(1))).isEmpty();
        assertThat(leaseInOrder(NOW.plusSeconds(1))).isEmpty();
        assertThat(session.call(ports -> ports.forwarding().backlog(DESTINATION, Destination.Ordering.NONE, NOW))
                .paused()).isTrue();

        assertThat(written(ports -> ports.resume(DESTINATION))).isTrue();
        assertThat(written(ports -> ports.resume(DESTINATION))).isFalse();
        assertThat(leaseAt(NOW.plusSeconds(1))).extracting(ForwardDelivery::deliveryId).containsExactly(id);
    }

    @Test
    void aBulkRedriveAndAReplayTakeTheDeliveriesOfTheirRangeInBatchesAfterTheLastOneMoved() {
        long before = keyed("k0", NOW.minusSeconds(60));
        long first = keyed("k1", NOW);
        long second = keyed("k2", NOW.plusSeconds(1));
        long pending = keyed("k3", NOW.plusSeconds(2));
        long after = keyed("k4", NOW.plusSeconds(10));
        for (ForwardDelivery delivery : leaseAt(NOW.plusSeconds(20))) {
            if (delivery.deliveryId() != pending) {
                session.run(ports -> fail(ports.forwarding(), delivery.deliveryId(), delivery.lease().attempt(),
                        Optional.of(500), "answered 500", NOW.plusSeconds(20)));
            } else {
                session.run(ports -> retryLater(ports.forwarding(), pending, delivery.lease().attempt(),
                        NOW.plusSeconds(600), Optional.of(500), "answered 500"));
            }
        }
        ReceivedRange range = new ReceivedRange(NOW, NOW.plusSeconds(5));

        List<Long> firstBatch = session.call(ports -> ports.forwarding().redriveFailed(DESTINATION, range,
                Optional.empty(), 1, NOW.plusSeconds(30)));
        List<Long> secondBatch = session.call(ports -> ports.forwarding().redriveFailed(DESTINATION, range,
                Optional.of(firstBatch.get(0)), 1, NOW.plusSeconds(30)));
        List<Long> nothingLeft = session.call(ports -> ports.forwarding().redriveFailed(DESTINATION, range,
                Optional.of(secondBatch.get(0)), 1, NOW.plusSeconds(30)));

        assertThat(firstBatch).containsExactly(first);
        assertThat(secondBatch).containsExactly(second);
        assertThat(nothingLeft).isEmpty();
        assertThat(statusOf(before)).isEqualTo("FAILED");
        assertThat(statusOf(after)).isEqualTo("FAILED");
        assertThat(statusOf(pending)).isEqualTo("PENDING");

        for (ForwardDelivery delivery : leaseAt(NOW.plusSeconds(30))) {
            session.run(ports -> delivered(ports.forwarding(), delivery.deliveryId(), delivery.lease().attempt(),
                    Optional.of(200), NOW.plusSeconds(31)));
        }
        List<Long> replayed = session.call(ports -> ports.forwarding().replay(DESTINATION,
                new ReceivedRange(NOW.minusSeconds(120), NOW.plusSeconds(5)), Optional.empty(), 10,
                NOW.plusSeconds(40)));
        assertThat(replayed).as("every finished delivery of the range, not the pending one")
                .containsExactly(before, first, second);
        assertThat(leaseAt(NOW.plusSeconds(40))).extracting(ForwardDelivery::messageId).hasSize(3)
                .doesNotHaveDuplicates();
    }

    @Test
    void retentionForgetsFinishedDeliveriesCausedBeforeTheCutoffAndKeepsWhatIsStillToDo() {
        long delivered = keyed("k1", NOW.minusSeconds(300));
        long skipped = keyed("k2", NOW.minusSeconds(300));
        long failed = keyed("k3", NOW.minusSeconds(300));
        long pending = keyed("k4", NOW.minusSeconds(300));
        long recent = keyed("k5", NOW);
        for (ForwardDelivery delivery : leaseAt(NOW.plusSeconds(1))) {
            long id = delivery.deliveryId();
            int attempt = delivery.lease().attempt();
            if (id == delivered || id == recent) {
                session.run(ports -> delivered(ports.forwarding(), id, attempt, Optional.of(200), NOW));
            } else if (id == skipped || id == failed) {
                session.run(ports -> fail(ports.forwarding(), id, attempt, Optional.of(500), "answered 500", NOW));
            }
        }
        assertThat(written(ports -> ports.skip(DESTINATION, skipped, NOW))).isTrue();

        int purged = session.call(ports -> ports.forwarding().purgeFinished(NOW.minusSeconds(60), 10));

        assertThat(purged).isEqualTo(2);
        assertThat(database.column("SELECT delivery_id FROM forward_delivery ORDER BY delivery_id", Long.class))
                .containsExactly(failed, pending, recent);
    }

    @Test
    void countsTheBacklogOfOneDestination() {
        long delivered = enqueue(NOW.minusSeconds(120));
        enqueue(NOW.minusSeconds(60));
        forwardOf(stored(InboxEntryFixture.valid(NOW.minusSeconds(300))), "audit-log", NOW.minusSeconds(300));
        int attempt = lease().lease().attempt();
        session.run(ports -> delivered(ports.forwarding(), delivered, attempt, Optional.of(204), NOW.minusSeconds(10)));

        DestinationBacklog backlog = session.call(ports -> ports.forwarding().backlog(DESTINATION,
                Destination.Ordering.NONE, NOW));

        assertThat(backlog.pending()).isEqualTo(1);
        assertThat(backlog.failed()).isZero();
        assertThat(backlog.oldestPendingAgeSeconds()).isEqualTo(60);
        assertThat(backlog.lastDeliveredAt()).contains(NOW.minusSeconds(10));
    }

    @Test
    void sendsThePayloadBytesAsStored() {
        NewInboxEvent entry = stored(InboxEntryFixture.valid(NOW));
        forwardOf(entry, DESTINATION, NOW);

        ForwardDelivery leased = lease();

        assertThat(new String(inRow(leased.payload().orElseThrow()), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":\"" + entry.inboxId() + "\"}");
    }

    @Test
    void aReplayHoldsItsEventSoRetentionPassesItOverUntilTheReplayCommitted() throws Exception {
        long delivered = finishedLongAgo();
        CountDownLatch moved = new CountDownLatch(1);
        CountDownLatch purgeTried = new CountDownLatch(1);
        CompletableFuture<List<Long>> replay = CompletableFuture.supplyAsync(() -> session.call(ports -> {
            List<Long> replayed = ports.forwarding().replay(DESTINATION, everReceived(), Optional.empty(), 10, NOW);
            moved.countDown();
            await(purgeTried);
            return replayed;
        }));
        await(moved);

        int purged;
        try (StoreSession<PostgresInboxRetentionAdapter> retention = inboxRetention()) {
            purged = retention.call(inbox -> inbox.purgeFinished(NOW, 10).count());
        } finally {
            purgeTried.countDown();
        }

        assertThat(replay.get(30, TimeUnit.SECONDS)).containsExactly(delivered);
        assertThat(purged).as("the replay holds the event").isZero();
        assertThat(leaseAt(NOW.plusSeconds(1))).extracting(ForwardDelivery::deliveryId).containsExactly(delivered);
    }

    @Test
    void aReplayPassesOverAnEventRetentionIsForgetting() throws Exception {
        long delivered = finishedLongAgo();
        CountDownLatch deleted = new CountDownLatch(1);
        CountDownLatch replayTried = new CountDownLatch(1);
        CompletableFuture<Integer> purge;
        try (StoreSession<PostgresInboxRetentionAdapter> retention = inboxRetention()) {
            purge = CompletableFuture.supplyAsync(() -> retention.call(inbox -> {
                int forgotten = inbox.purgeFinished(NOW, 10).count();
                deleted.countDown();
                await(replayTried);
                return forgotten;
            }));
            await(deleted);
            List<Long> replayed;
            try {
                replayed = session.call(ports -> ports.forwarding().replay(DESTINATION, everReceived(),
                        Optional.empty(), 10, NOW));
            } finally {
                replayTried.countDown();
            }
            assertThat(purge.get(30, TimeUnit.SECONDS)).isEqualTo(1);
            assertThat(replayed).as("nothing is left to send").isEmpty();
        }
        assertThat(statusOf(delivered)).isEqualTo("DELIVERED");
    }

    @Test
    void aDeliveryWhoseEventIsGoneEndsFailedWhenLeasedInsteadOfWaitingForEver() {
        long orphan = enqueue(NOW);
        long next = enqueue(NOW);
        database.execute("DELETE FROM webhook_inbox WHERE inbox_id = (SELECT inbox_id FROM forward_delivery"
                + " WHERE delivery_id = ?)", orphan);

        assertThat(leaseAt(NOW)).extracting(ForwardDelivery::deliveryId).containsExactly(next);

        assertThat(database.value("SELECT status || ' ' || last_error FROM forward_delivery WHERE delivery_id = ?",
                String.class, orphan)).startsWith("FAILED event_purged: ");
    }

    /** A delivered delivery of a processed event received long ago, which retention may forget. */
    private long finishedLongAgo() {
        long delivered = enqueue(NOW.minus(Duration.ofDays(100)));
        database.execute("UPDATE forward_delivery SET status = 'DELIVERED', delivered_at = created_at"
                + " WHERE delivery_id = ?", delivered);
        database.execute("UPDATE webhook_inbox SET status = 'PROCESSED' WHERE inbox_id = (SELECT inbox_id"
                + " FROM forward_delivery WHERE delivery_id = ?)", delivered);
        return delivered;
    }

    private static ReceivedRange everReceived() {
        return new ReceivedRange(NOW.minus(Duration.ofDays(365)), NOW);
    }

    private StoreSession<PostgresInboxRetentionAdapter> inboxRetention() {
        return database.session(InboxAdapters::retention);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(30, TimeUnit.SECONDS)).as("the other transaction got there").isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Test
    void aRedriveOrAReplayStartsAFreshScheduleWhileTheAttemptKeepsCountingAsTheFence() {
        long id = enqueue(NOW);
        int first = lease().lease().attempt();
        assertThat(written(ports -> fail(ports, id, first, Optional.of(500), "answered 500", NOW.plusSeconds(1))))
                .isTrue();
        assertThat(written(ports -> ports.redrive(DESTINATION, id, NOW.plusSeconds(2)))).isTrue();

        ForwardDelivery redriven = leaseAt(NOW.plusSeconds(2)).get(0);
        assertThat(redriven.lease().attempt()).isEqualTo(2);
        assertThat(redriven.scheduleAttempt()).isEqualTo(1);

        assertThat(written(ports -> delivered(ports, id, 2, Optional.of(200), NOW.plusSeconds(3)))).isTrue();
        session.run(ports -> ports.forwarding().replay(DESTINATION, new ReceivedRange(NOW.minusSeconds(1),
                NOW.plusSeconds(1)), Optional.empty(), 10, NOW.plusSeconds(4)));
        ForwardDelivery replayed = leaseAt(NOW.plusSeconds(4)).get(0);
        assertThat(replayed.lease().attempt()).isEqualTo(3);
        assertThat(replayed.scheduleAttempt()).isEqualTo(1);
    }

    @Test
    void walksTheReceivedEventsOfARangeInOrderWithWhatForwardingThemNeeds() {
        NewInboxEvent first = stored(InboxEntryFixture.valid(NOW));
        NewInboxEvent applied = stored(InboxEntryFixture.valid(NOW.plusSeconds(1)));
        NewInboxEvent purged = stored(InboxEntryFixture.valid(NOW.plusSeconds(2)));
        stored(InboxEntryFixture.valid(NOW.plusSeconds(10)));
        database.execute("INSERT INTO object_mutation (provider, endpoint_id, object_type, object_id, inbox_id, state, "
                + "version, applied_at, event_received_at) VALUES (?, ?, 'payment_intent', 'pi_7', ?, 'succeeded', 7, ?,"
                + " ?)", InboxEntryFixture.PROVIDER, applied.endpointId().value(), applied.inboxId(),
                Timestamp.from(NOW.plusSeconds(5)), Timestamp.from(applied.receivedAt()));
        database.execute("UPDATE webhook_inbox SET payload_ciphertext = NULL WHERE inbox_id = ?", purged.inboxId());
        ReceivedRange range = new ReceivedRange(NOW, NOW.plusSeconds(5));

        List<ForwardableEvent> firstBatch = session.call(ports -> ports.forwarding().received(range, Optional.empty(),
                2));
        List<ForwardableEvent> secondBatch = session.call(ports -> ports.forwarding().received(range,
                Optional.of(firstBatch.get(1)), 2));

        assertThat(firstBatch).extracting(ForwardableEvent::inboxId).containsExactly(first.inboxId(),
                applied.inboxId());
        assertThat(firstBatch.get(0)).satisfies(event -> {
            assertThat(event.provider()).isEqualTo(InboxEntryFixture.PROVIDER);
            assertThat(event.endpointId()).isEqualTo(first.endpointId().value());
            assertThat(event.eventType()).isEqualTo(InboxEntryFixture.EVENT_TYPE);
            assertThat(event.objectId()).isEqualTo(first.event().objectId());
            assertThat(event.payloadKept()).isTrue();
            assertThat(event.mutation()).isEmpty();
        });
        assertThat(firstBatch.get(1).mutation()).contains(new ForwardableEvent.AppliedMutation("pi_7",
                NOW.plusSeconds(5)));
        assertThat(secondBatch).singleElement().satisfies(event -> {
            assertThat(event.inboxId()).isEqualTo(purged.inboxId());
            assertThat(event.payloadKept()).isFalse();
        });
    }

    @Test
    void aKeyUnderALiveLeaseIsNotLeasedAgainWhateverTheIdsOfItsOtherMessages() {
        long committedLater = keyed("stripe:shop:pi_A", NOW);
        long leasedFirst = keyed("stripe:shop:pi_A", NOW.plusMillis(1));
        // The state change (the lower id) is not yet committed when the event after it is leased.
        database.execute("UPDATE forward_delivery SET status = 'DELIVERED' WHERE delivery_id = ?", committedLater);
        ForwardDelivery leased = leaseInOrder(NOW.plusSeconds(1)).get(0);
        assertThat(leased.deliveryId()).isEqualTo(leasedFirst);
        database.execute("UPDATE forward_delivery SET status = 'PENDING' WHERE delivery_id = ?", committedLater);

        assertThat(leaseInOrder(NOW.plusSeconds(2))).as("its key is under a live lease").isEmpty();

        assertThat(written(ports -> delivered(ports, leasedFirst, leased.lease().attempt(), Optional.of(200),
                NOW.plusSeconds(3)))).isTrue();
        assertThat(leaseInOrder(NOW.plusSeconds(4))).extracting(ForwardDelivery::deliveryId)
                .containsExactly(committedLater);
    }

    @Test
    void knowsEveryDestinationWithUnfinishedDeliveriesAndDiscardsOnesInBatchesWhateverTheirEvent() {
        long leased = enqueue(NOW);
        long pending = enqueue(NOW);
        long failed = enqueue(NOW);
        long delivered = enqueue(NOW);
        forwardOf(stored(InboxEntryFixture.valid(NOW)), "audit-log", NOW);
        forwardOf(stored(InboxEntryFixture.valid(NOW)), "finished", NOW);
        database.execute("UPDATE forward_delivery SET status = 'DELIVERED' WHERE destination_id = 'finished'"
                + " OR delivery_id = ?", delivered);
        database.execute("UPDATE forward_delivery SET status = 'FAILED' WHERE delivery_id = ?", failed);
        database.execute("UPDATE forward_delivery SET lease_until = ?, attempt_count = 1 WHERE delivery_id = ?",
                Timestamp.from(NOW.plusSeconds(30)), leased);
        database.execute("DELETE FROM webhook_inbox WHERE inbox_id = (SELECT inbox_id FROM forward_delivery"
                + " WHERE delivery_id = ?)", pending);

        assertThat(session.<List<String>>call(ports -> ports.forwarding().withUnfinishedDeliveries()))
                .containsExactly("audit-log", DESTINATION);

        List<Long> first = session.<List<Long>>call(ports -> ports.forwarding().discard(DESTINATION, Optional.empty(), 2,
                NOW.plusSeconds(1)));
        List<Long> second = session.<List<Long>>call(ports -> ports.forwarding().discard(DESTINATION,
                Optional.of(first.get(1)), 2, NOW.plusSeconds(1)));

        assertThat(first).containsExactly(leased, pending);
        assertThat(second).as("a delivery whose event is gone goes too").containsExactly(failed);
        assertThat(database.value("SELECT status || ' ' || (lease_until IS NULL) FROM forward_delivery"
                + " WHERE delivery_id = ?", String.class, leased)).as("its lease is void").isEqualTo("SKIPPED true");
        assertThat(statusOf(delivered)).isEqualTo("DELIVERED");
        assertThat(written(ports -> delivered(ports, leased, 1, Optional.of(200), NOW.plusSeconds(2))))
                .as("the attempt under way marks nothing").isFalse();
        assertThat(session.<List<String>>call(ports -> ports.forwarding().withUnfinishedDeliveries())).containsExactly("audit-log");
    }

    /** A stored event received at {@code at} with one delivery to the destination under this ordering key. */
    private long keyed(String orderingKey, Instant at) {
        NewInboxEvent entry = stored(InboxEntryFixture.valid(at));
        session.run(ports -> ports.forwarding().enqueue(List.of(new NewForward(DESTINATION, MessageType.EVENT,
                NewForward.eventMessageId(entry.inboxId()), entry.inboxId(), entry.receivedAt(), orderingKey, at))));
        return database.value("SELECT delivery_id FROM forward_delivery WHERE inbox_id = ?", Long.class,
                entry.inboxId());
    }

    private List<ForwardDelivery> leaseInOrder(Instant now) {
        return session.call(ports -> ports.forwarding().leaseDue(DESTINATION, Destination.Ordering.PER_OBJECT, 10,
                now, now.plusSeconds(30)));
    }

    private List<HeldKey> heldKeys() {
        return session.call(ports -> ports.forwarding().heldKeys(DESTINATION, 10));
    }

    private String statusOf(long deliveryId) {
        return database.value("SELECT status FROM forward_delivery WHERE delivery_id = ?", String.class, deliveryId);
    }

    private boolean written(Predicate<ForwardingPort> write) {
        return session.call(ports -> write.test(ports.forwarding()));
    }

    private static boolean delivered(ForwardingPort port, long deliveryId, int attempt, Optional<Integer> status,
            Instant now) {
        return ended(port, new DeliveryEnd(deliveryId, attempt, DeliveryEnd.Kind.DELIVERED, now, status,
                Optional.empty()));
    }

    private static boolean retryLater(ForwardingPort port, long deliveryId, int attempt, Instant nextAttemptAt,
            Optional<Integer> status, String redactedError) {
        return ended(port, new DeliveryEnd(deliveryId, attempt, DeliveryEnd.Kind.RETRY_LATER, nextAttemptAt, status,
                Optional.of(redactedError)));
    }

    private static boolean fail(ForwardingPort port, long deliveryId, int attempt, Optional<Integer> status,
            String redactedError, Instant now) {
        return ended(port, new DeliveryEnd(deliveryId, attempt, DeliveryEnd.Kind.FAILED, now, status,
                Optional.of(redactedError)));
    }

    /** Ends one attempt on its own: true when its end was written. */
    private static boolean ended(ForwardingPort port, DeliveryEnd end) {
        return port.end(List.of(end)).contains(end);
    }

    /** One delivery of the destination as operators see it. */
    private DeliveryRecord row(long deliveryId) {
        return deliveries(new DeliveryQuery(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), 10)).stream().filter(delivery -> delivery.deliveryId() == deliveryId).findFirst()
                .orElseThrow();
    }

    /** The end of the lease the delivery is under, read past the port; empty when none holds it. */
    private Optional<Instant> leaseUntil(long deliveryId) {
        return Optional.ofNullable(database.value("SELECT lease_until FROM forward_delivery WHERE delivery_id = ?",
                OffsetDateTime.class, deliveryId)).map(OffsetDateTime::toInstant);
    }

    private List<ForwardDelivery> leaseAt(Instant now) {
        return session.call(ports -> ports.forwarding().leaseDue(DESTINATION, Destination.Ordering.NONE, 10, now,
                now.plusSeconds(30)));
    }

    private ForwardDelivery lease() {
        return session.call(ports -> ports.forwarding().leaseDue(DESTINATION, Destination.Ordering.NONE, 1,
                NOW.plusSeconds(1),
                NOW.plusSeconds(30))).get(0);
    }

    private List<DeliveryRecord> deliveries(DeliveryQuery query) {
        return session.call(ports -> ports.forwarding().deliveries(DESTINATION, query));
    }

    private NewInboxEvent stored(InboxEntryFixture fixture) {
        return stored(fixture.build());
    }

    private NewInboxEvent stored(NewInboxEvent entry) {
        session.run(ports -> ports.inbox().insertAll(List.of(entry)));
        return entry;
    }

    /** The ciphertext of a payload kept in its row, as {@link InboxEntryFixture#build()} stores it. */
    private static byte[] inRow(StoredPayload payload) {
        return ((StoredPayload.InRow) payload).sealed().ciphertext();
    }

    private long forwardOf(NewInboxEvent entry, String destinationId, Instant at) {
        session.run(ports -> ports.forwarding().enqueue(List.of(new NewForward(destinationId, MessageType.EVENT,
                NewForward.eventMessageId(entry.inboxId()), entry.inboxId(), entry.receivedAt(),
                entry.inboxId().toString(), at))));
        database.execute("UPDATE forward_delivery SET next_attempt_at = ? WHERE inbox_id = ? AND destination_id = ?"
                + " AND attempt_count = 0", Timestamp.from(at), entry.inboxId(), destinationId);
        return database.value("SELECT delivery_id FROM forward_delivery WHERE inbox_id = ? AND destination_id = ?",
                Long.class, entry.inboxId(), destinationId);
    }

    /** The inbox, whose rows the deliveries belong to, and the deliveries, over one connection. */
    record ForwardingPorts(InboxPort inbox, ForwardingPort forwarding) {
    }
}
