package io.tambat.application.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.payload.PayloadStores;
import io.tambat.application.testing.InMemoryDestinationHealth;
import io.tambat.application.testing.InMemoryForwarding;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.SealingCipher;
import io.tambat.application.testing.TestDestinations;
import io.tambat.application.testing.TestWork;
import io.tambat.application.work.Failpoints;
import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationAnswers;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.ForwardCause;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.ForwardMessage;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.forwarding.RetrySchedule;
import io.tambat.domain.model.forwarding.StateChangeNotice;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.forwarding.DestinationTransportPort;
import io.tambat.domain.port.out.forwarding.ForwardingMetricsPort;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ForwardingWorkTest {

    private static final RetrySchedule SCHEDULE = new RetrySchedule(List.of(Duration.ofSeconds(5),
            Duration.ofMinutes(5)));
    private static final String BODY = "{\"id\":\"evt_1\"}";

    private final MutableClock clock = MutableClock.start();
    private final InMemoryForwarding deliveries = new InMemoryForwarding();
    private final InMemoryDestinationHealth fleetHealth = new InMemoryDestinationHealth();
    private final ScriptedTransport transport = new ScriptedTransport();
    private final Queue<Runnable> started = new ArrayDeque<>();
    private final List<String> counted = new ArrayList<>();
    private final List<String> transactions = new ArrayList<>();
    private boolean leasesFail;
    private final Destination shop = destination("shop", 16);
    private final Destination slow = destination("slow", 2);
    private final ForwardingWork work = work(new Destinations(List.of(shop, slow)));

    @Test
    void sendsTheEventWithItsMessageIdAndEndsDelivered() {
        UUID inboxId = stored("shop");
        clock.advance(Duration.ofSeconds(2));

        drain();

        assertThat(transport.sent).singleElement().satisfies(sent -> {
            assertThat(sent.messageId()).isEqualTo(inboxId.toString());
            assertThat(sent.type()).isEqualTo(MessageType.EVENT);
            assertThat(sent.provider()).isEqualTo("stripe");
            assertThat(sent.endpointId()).isEqualTo("stripe-main");
            assertThat(sent.eventType()).isEqualTo("payment_intent.succeeded");
            assertThat(sent.contentType()).isEqualTo("application/json");
            assertThat(new String(sent.body(), StandardCharsets.UTF_8)).isEqualTo(BODY);
        });
        assertThat(deliveries.rows()).singleElement().satisfies(row -> {
            assertThat(row.status()).isEqualTo(DeliveryStatus.DELIVERED);
            assertThat(row.lastStatus()).contains(200);
        });
        assertThat(counted).as("timed from the cause's commit").containsExactly("delivered shop after PT2S");
    }

    @Test
    void sendsAStateChangeAsItsRenderedNoticeUnderItsOwnMessageId() {
        UUID inboxId = storedStateChange("shop", true);

        drain();

        assertThat(transport.sent).singleElement().satisfies(sent -> {
            assertThat(sent.messageId()).isEqualTo(NewForward.stateChangeMessageId(inboxId));
            assertThat(sent.type()).isEqualTo(MessageType.STATE_CHANGE);
            assertThat(sent.inboxId()).isEqualTo(inboxId);
            assertThat(sent.orderingKey()).isEqualTo("stripe:stripe-main:pi_1");
            assertThat(sent.eventType()).isEqualTo("payment_intent.succeeded");
            assertThat(sent.contentType()).isEqualTo("application/json");
            assertThat(new String(sent.body(), StandardCharsets.UTF_8)).isEqualTo("payment_intent pi_1 succeeded v3");
        });
        assertThat(deliveries.rows()).singleElement().extracting(InMemoryForwarding.Row::status)
                .isEqualTo(DeliveryStatus.DELIVERED);
    }

    @Test
    void aStateChangeWhoseMutationRetentionRemovedFailsAtOnce() {
        storedStateChange("shop", false);

        drain();

        assertThat(transport.sent).isEmpty();
        assertThat(deliveries.rows()).singleElement().satisfies(row -> {
            assertThat(row.status()).isEqualTo(DeliveryStatus.FAILED);
            assertThat(row.lastError()).hasValueSatisfying(error -> assertThat(error).startsWith("mutation_purged"));
        });
        assertThat(counted).containsExactly("failed shop");
    }

    @Test
    void retriesOnTheDestinationsScheduleWithTheSameMessageIdThenFails() {
        stored("shop");
        transport.answer("shop", refused(500, Optional.empty()));

        drain();
        long id = deliveries.rows().get(0).deliveryId();
        assertThat(deliveries.leases("shop").nextAttemptAt(id)).isEqualTo(clock.instant().plusSeconds(5));
        clock.advance(Duration.ofSeconds(5));
        drain();
        assertThat(deliveries.leases("shop").nextAttemptAt(id)).isEqualTo(clock.instant().plus(Duration.ofMinutes(5)));
        clock.advance(Duration.ofMinutes(5));
        drain();

        assertThat(transport.sent).hasSize(3).extracting(ForwardMessage::messageId).containsOnly(
                transport.sent.get(0).messageId());
        assertThat(deliveries.row(id).status()).isEqualTo(DeliveryStatus.FAILED);
        assertThat(deliveries.row(id).lastStatus()).contains(500);
        assertThat(deliveries.row(id).lastError()).contains("answered 500 (after 3 attempts)");
        assertThat(counted).containsExactly("retried shop", "retried shop", "failed shop");
    }

    @Test
    void aRedrivenDeliveryWhoseFirstAttemptFailsIsRetriedOnAFreshSchedule() {
        stored("shop");
        transport.answer("shop", refused(500, Optional.empty()));
        drain();
        long id = deliveries.rows().get(0).deliveryId();
        clock.advance(Duration.ofSeconds(5));
        drain();
        clock.advance(Duration.ofMinutes(5));
        drain();
        assertThat(deliveries.row(id).status()).isEqualTo(DeliveryStatus.FAILED);

        assertThat(deliveries.redrive("shop", id, clock.instant())).isTrue();
        drain();

        assertThat(deliveries.row(id).status()).as("its schedule starts again").isEqualTo(DeliveryStatus.PENDING);
        assertThat(deliveries.leases("shop").nextAttemptAt(id)).isEqualTo(clock.instant().plusSeconds(5));
        assertThat(deliveries.leases("shop").attempts(id)).as("every attempt still counts").isEqualTo(4);
        assertThat(transport.sent).extracting(ForwardMessage::messageId).containsOnly(
                transport.sent.get(0).messageId());
    }

    @Test
    void waitsNoLessThanTheDestinationAskedBy() {
        stored("shop");
        transport.answer("shop", refused(429, Optional.of(Duration.ofMinutes(2))));

        drain();

        long id = deliveries.rows().get(0).deliveryId();
        assertThat(deliveries.leases("shop").nextAttemptAt(id)).isEqualTo(clock.instant().plus(Duration.ofMinutes(2)));
    }

    @Test
    void anAttemptWhoseTransportThrowsIsRetriedOnTheScheduleWithOnlyTheFailuresClassAsItsError() {
        stored("shop");
        transport.answerBy("shop", () -> {
            throw new IllegalArgumentException("sasl.jaas.config=... password=\"hunter2\"");
        });

        drain();

        long id = deliveries.rows().get(0).deliveryId();
        assertThat(deliveries.row(id).status()).isEqualTo(DeliveryStatus.PENDING);
        assertThat(deliveries.row(id).lastStatus()).isEmpty();
        assertThat(deliveries.row(id).lastError()).contains("http: IllegalArgumentException");
        assertThat(deliveries.leases("shop").nextAttemptAt(id)).as("the schedule's first wait, not the lease's end")
                .isEqualTo(clock.instant().plusSeconds(5));
        assertThat(counted).containsExactly("retried shop");
        transport.answer("shop", new DeliveryOutcome.Delivered(Optional.of(200)));
        clock.advance(Duration.ofSeconds(5));
        drain();
        assertThat(deliveries.row(id).status()).as("its slot came back").isEqualTo(DeliveryStatus.DELIVERED);
    }

    @Test
    void anErrorThrownByATransportEndsTheAttemptAsAnExceptionDoes() {
        stored("shop");
        transport.answerBy("shop", () -> {
            throw new NoClassDefFoundError("com/example/jms/ProviderSession");
        });

        drain();

        assertThat(deliveries.rows()).singleElement().satisfies(row -> {
            assertThat(row.status()).isEqualTo(DeliveryStatus.PENDING);
            assertThat(row.lastError()).contains("http: NoClassDefFoundError");
        });
        assertThat(counted).containsExactly("retried shop");
    }

    @Test
    void anEventWhosePayloadDoesNotOpenIsRetriedOnTheScheduleWithoutBeingSent() {
        UUID inboxId = UUID.randomUUID();
        EndpointId endpoint = new EndpointId("stripe-main");
        byte[] otherRow = NewInboxEvent.payloadAssociatedData(UUID.randomUUID(), "stripe", endpoint, "evt_other");
        deliveries.event(inboxId, new InMemoryForwarding.StoredEvent("stripe", endpoint, "payment_intent.succeeded",
                "evt_" + inboxId, Optional.of("application/json"),
                Optional.of(new StoredPayload.InRow(new SealingCipher().seal(BODY.getBytes(StandardCharsets.UTF_8),
                        otherRow))),
                Optional.empty()));
        deliveries.enqueue(List.of(new NewForward("shop", MessageType.EVENT, NewForward.eventMessageId(inboxId),
                inboxId, clock.instant(), inboxId.toString(), clock.instant())));

        drain();

        assertThat(transport.sent).isEmpty();
        assertThat(deliveries.rows()).singleElement().satisfies(row -> {
            assertThat(row.status()).isEqualTo(DeliveryStatus.PENDING);
            assertThat(row.lastError()).contains("body: IllegalStateException");
        });
        assertThat(counted).containsExactly("retried shop");
    }

    @Test
    void aDestinationWhoseSendsHangHoldsOnlyItsOwnSlots() {
        for (int i = 0; i < 5; i++) {
            stored("slow");
            stored("shop");
        }

        List<ForwardDelivery> first = work.leaseBatch(TestWork.BATCH_SIZE);
        work.attemptAll(first);  // none of them returns: the test's executor never runs them
        stored("shop");
        stored("shop");

        assertThat(first).filteredOn(delivery -> delivery.destinationId().equals("slow")).hasSize(2);
        assertThat(first).filteredOn(delivery -> delivery.destinationId().equals("shop")).hasSize(5);
        assertThat(work.leaseBatch(TestWork.BATCH_SIZE)).hasSize(2)
                .allSatisfy(delivery -> assertThat(delivery.destinationId()).isEqualTo("shop"));
    }

    @Test
    void aFailingDestinationGetsOneAttemptAtATimeUntilOneSucceeds() {
        for (int i = 0; i < 8; i++) {
            stored("shop");
        }
        transport.answer("shop", refused(503, Optional.empty()));
        List<ForwardDelivery> first = work.leaseBatch(TestWork.BATCH_SIZE);
        work.attemptAll(first);
        runStarted();
        assertThat(first).hasSize(8);
        clock.advance(Duration.ofSeconds(10));

        List<ForwardDelivery> probe = work.leaseBatch(TestWork.BATCH_SIZE);
        assertThat(probe).hasSize(1);
        assertThat(work.leaseBatch(TestWork.BATCH_SIZE)).as("no second attempt while the probe is out").isEmpty();
        transport.answer("shop", new DeliveryOutcome.Delivered(Optional.of(204)));
        work.attemptAll(probe);
        runStarted();

        assertThat(deliveries.rows()).as("once the probe succeeds the rest go at once, not at a later turn")
                .allSatisfy(row -> assertThat(row.status()).isEqualTo(DeliveryStatus.DELIVERED));
        assertThat(work.leaseBatch(TestWork.BATCH_SIZE)).isEmpty();
    }

    @Test
    void aFailingDestinationGetsOneProbeAcrossTheFleetEachFurtherApart() {
        ForwardingWork other = work(new Destinations(List.of(shop, slow)));
        for (int i = 0; i < 8; i++) {
            stored("shop");
        }
        transport.answer("shop", refused(503, Optional.empty()));
        drain();
        assertThat(fleetHealth.all().get("shop").failing()).isTrue();
        assertThat(other.leaseBatch(TestWork.BATCH_SIZE))
                .as("the other instance sees it failing: no probe before its turn").isEmpty();

        clock.advance(Duration.ofSeconds(5));
        List<ForwardDelivery> probe = work.leaseBatch(TestWork.BATCH_SIZE);
        assertThat(probe).hasSize(1);
        assertThat(other.leaseBatch(TestWork.BATCH_SIZE)).as("one probe across the fleet").isEmpty();
        work.attemptAll(probe);
        runStarted();

        assertThat(fleetHealth.nextProbeAt("shop")).as("a failed probe doubles the wait")
                .contains(clock.instant().plusSeconds(10));
        clock.advance(Duration.ofSeconds(9));
        assertThat(work.leaseBatch(TestWork.BATCH_SIZE)).isEmpty();
        assertThat(other.leaseBatch(TestWork.BATCH_SIZE)).isEmpty();
        clock.advance(Duration.ofSeconds(1));
        assertThat(other.leaseBatch(TestWork.BATCH_SIZE)).hasSize(1);
        assertThat(fleetHealth.all().get("shop").consecutiveFailures()).isEqualTo(9);
    }

    @Test
    void aHealthyDestinationsAnswersWriteNothingAndTheFirstAfterFailuresClearsThem() {
        for (int i = 0; i < 3; i++) {
            stored("shop");
        }
        drain();
        assertThat(fleetHealth.answeredWrites()).as("no failure on record: nothing to clear").isZero();

        transport.answer("shop", refused(503, Optional.empty()));
        stored("shop");
        drain();
        transport.answer("shop", new DeliveryOutcome.Delivered(Optional.of(204)));
        clock.advance(Duration.ofSeconds(5));
        stored("shop");
        drain();

        assertThat(fleetHealth.answeredWrites()).isEqualTo(1);
        assertThat(fleetHealth.all()).isEmpty();
    }

    @Test
    void aMessageRetentionPurgedIsNoFailureOfItsDestination() {
        for (int i = 0; i < DestinationAnswers.FAILING_AFTER + 1; i++) {
            storedStateChange("shop", false);
        }

        drain();

        assertThat(fleetHealth.all()).isEmpty();
        assertThat(deliveries.rows()).allSatisfy(row -> assertThat(row.status()).isEqualTo(DeliveryStatus.FAILED));
    }

    @Test
    void aSlotThatFreesWhileMoreIsDueTakesTheNextDeliveryAtOnce() {
        for (int i = 0; i < 7; i++) {
            stored("slow");
        }

        List<ForwardDelivery> first = work.leaseBatch(TestWork.BATCH_SIZE);
        work.attemptAll(first);
        runStarted();

        assertThat(first).as("the loop's one turn takes as many as the slots").hasSize(2);
        assertThat(deliveries.rows()).as("each freed slot leased the next one itself")
                .allSatisfy(row -> assertThat(row.status()).isEqualTo(DeliveryStatus.DELIVERED));
        assertThat(transport.sent).hasSize(7);
    }

    @Test
    void theEndsOfAttemptsAndTheLeaseThatRefillsTheirSlotsShareOneTransaction() {
        for (int i = 0; i < 7; i++) {
            stored("slow");
        }

        drain();

        assertThat(transport.sent).hasSize(7);
        assertThat(transactions).as("the loop's lease, then one per end, each leasing the next: not two a message")
                .filteredOn(transaction -> transaction.startsWith("slow"))
                .containsExactly("slow: lease 2", "slow: end 1 then lease 1", "slow: end 1 then lease 1",
                        "slow: end 1 then lease 1", "slow: end 1 then lease 1", "slow: end 1 then lease 1",
                        "slow: end 1 then lease 0", "slow: end 1 then lease 0");
    }

    @Test
    void endsLeaseIntoTheFreedSlotsOnceAQuarterOfThemIsFree() {
        Destination wide = destination("wide", 8);
        ForwardingWork widely = work(new Destinations(List.of(wide)));
        for (int i = 0; i < 20; i++) {
            stored("wide");
        }

        widely.attemptAll(widely.leaseBatch(TestWork.BATCH_SIZE));
        runStarted();

        assertThat(transport.sent).hasSize(20);
        assertThat(transactions).as("the loop's lease, then each second end refills two slots")
                .startsWith("wide: lease 8", "wide: end 1 then lease 0", "wide: end 1 then lease 2",
                        "wide: end 1 then lease 0", "wide: end 1 then lease 2")
                .filteredOn(transaction -> !transaction.equals("wide: lease 8"))
                .allSatisfy(transaction -> assertThat(transaction).matches("wide: end 1 then lease [02]"));
    }

    @Test
    void whileBackgroundWorkYieldsEndsLeaseNothingAndTheLoopsTurnsLeaseAtTheirPace() {
        Destination wide = destination("wide", 8);
        ForwardingWork widely = work(new Destinations(List.of(wide)));
        widely.backgroundYield = TestWork.yieldingHalf();
        assertThat(widely.backgroundYield.share()).isEqualTo(0.5);
        for (int i = 0; i < 20; i++) {
            stored("wide");
        }

        widely.attemptAll(widely.leaseBatch(TestWork.BATCH_SIZE));
        runStarted();

        assertThat(transport.sent).as("only what the loop's turn leased").hasSize(8);
        assertThat(transactions).filteredOn(transaction -> !transaction.equals("wide: lease 8")).hasSize(8)
                .allSatisfy(transaction -> assertThat(transaction).isEqualTo("wide: end 1 then lease 0"));
        assertThat(widely.leaseBatch(TestWork.BATCH_SIZE)).as("the next turn leases the freed slots").hasSize(8);
    }

    @Test
    void aTurnLeavesADestinationWhoseEndsRefillItsSlotsToThem() {
        Destination wide = destination("wide", 8);
        ForwardingWork widely = work(new Destinations(List.of(wide)));
        for (int i = 0; i < 20; i++) {
            stored("wide");
        }
        List<ForwardDelivery> leased = widely.leaseBatch(TestWork.BATCH_SIZE);
        AtomicBoolean rejectOne = new AtomicBoolean(true);
        widely.executor = command -> {
            if (rejectOne.getAndSet(false)) {
                throw new RejectedExecutionException("the managed executor is saturated");
            }
            started.add(command);
        };
        widely.attemptAll(leased);

        assertThat(widely.leaseBatch(TestWork.BATCH_SIZE))
                .as("a turn woken now: one slot free, seven attempts out, more due")
                .isEmpty();
        assertThat(transactions).containsExactly("wide: lease 8");

        runStarted();
        assertThat(transport.sent).as("the ends leased the rest; the rejected one waits for its lease")
                .hasSize(19);
        clock.advance(TestWork.LEASE.plus(wide.timeout()).plusSeconds(1));
        widely.attemptAll(widely.leaseBatch(TestWork.BATCH_SIZE));
        runStarted();
        assertThat(transport.sent).hasSize(20);
    }

    @Test
    void theFleetsHealthIsReadOnceAPollIntervalHoweverOftenTurnsAreWoken() {
        work.leaseBatch(TestWork.BATCH_SIZE);
        work.leaseBatch(TestWork.BATCH_SIZE);
        work.leaseBatch(TestWork.BATCH_SIZE);
        assertThat(fleetHealth.reads()).isEqualTo(1);

        clock.advance(TestWork.settings().pollInterval());
        work.leaseBatch(TestWork.BATCH_SIZE);
        assertThat(fleetHealth.reads()).isEqualTo(2);
    }

    @Test
    void aLeaseThatFailsBesideTheEndsLeavesTheEndsWrittenAlone() {
        for (int i = 0; i < 3; i++) {
            stored("slow");
        }
        List<ForwardDelivery> first = work.leaseBatch(TestWork.BATCH_SIZE);
        leasesFail = true;

        work.attemptAll(first);
        runStarted();

        assertThat(first).hasSize(2).allSatisfy(delivery -> assertThat(deliveries.row(delivery.deliveryId())
                .status()).as("what the destination took is not sent again").isEqualTo(DeliveryStatus.DELIVERED));
        assertThat(transactions).contains("slow: end 1 then lease 0");
        assertThat(deliveries.rows()).filteredOn(row -> row.status() == DeliveryStatus.PENDING).hasSize(1);
        leasesFail = false;
        drain();
        assertThat(transport.sent).hasSize(3);
    }

    @Test
    void aSlotThatFreesWhenNothingMoreWasDueWaitsForTheNextTurn() {
        stored("shop");
        work.attemptAll(work.leaseBatch(TestWork.BATCH_SIZE));
        stored("shop");

        runStarted();

        assertThat(deliveries.rows()).filteredOn(row -> row.status() == DeliveryStatus.PENDING).hasSize(1);
        drain();
        assertThat(transport.sent).hasSize(2);
    }

    @Test
    void aTakenOverDeliveryEndsLostOnlyAfterTheScheduleAllowsNoMoreAttempts() {
        stored("shop");
        long id = deliveries.rows().get(0).deliveryId();
        for (int attempt = 1; attempt <= 3; attempt++) {
            deliveries.leases("shop").leaseDue(1, clock.instant(), clock.instant().plusSeconds(1));
            clock.advance(Duration.ofSeconds(2));
        }

        List<ForwardDelivery> leased = work.leaseBatch(TestWork.BATCH_SIZE);

        assertThat(leased).singleElement().satisfies(delivery -> {
            assertThat(delivery.deliveryId()).isEqualTo(id);
            assertThat(work.endsLost(delivery, TestWork.RETRY)).isTrue();
        });
        work.endLost(leased.get(0));
        assertThat(deliveries.row(id).status()).isEqualTo(DeliveryStatus.FAILED);
        assertThat(deliveries.row(id).lastError()).hasValueSatisfying(error -> assertThat(error).startsWith("worker_lost"));
        assertThat(work.leaseBatch(TestWork.BATCH_SIZE)).isEmpty();
    }

    private void drain() {
        work.attemptAll(work.leaseBatch(TestWork.BATCH_SIZE));
        runStarted();
    }

    private void runStarted() {
        while (!started.isEmpty()) {
            started.poll().run();
        }
    }

    private UUID stored(String destinationId) {
        UUID inboxId = UUID.randomUUID();
        EndpointId endpoint = new EndpointId("stripe-main");
        byte[] aad = NewInboxEvent.payloadAssociatedData(inboxId, "stripe", endpoint, "evt_" + inboxId);
        deliveries.event(inboxId, new InMemoryForwarding.StoredEvent("stripe", endpoint, "payment_intent.succeeded",
                "evt_" + inboxId, Optional.of("application/json"),
                Optional.of(new StoredPayload.InRow(new SealingCipher().seal(BODY.getBytes(StandardCharsets.UTF_8), aad))),
                Optional.empty()));
        deliveries.enqueue(List.of(new NewForward(destinationId, MessageType.EVENT, NewForward.eventMessageId(inboxId),
                inboxId, clock.instant(), inboxId.toString(), clock.instant())));
        return inboxId;
    }

    /** A state change whose mutation is still in the trail, or was purged from it. */
    private UUID storedStateChange(String destinationId, boolean inTrail) {
        UUID inboxId = UUID.randomUUID();
        EndpointId endpoint = new EndpointId("stripe-main");
        Optional<StateChangeNotice> mutation = Optional.of(new StateChangeNotice(inboxId, "stripe", endpoint.value(),
                "payment_intent", "pi_1", "succeeded", Optional.of(3L), clock.instant())).filter(notice -> inTrail);
        deliveries.event(inboxId, new InMemoryForwarding.StoredEvent("stripe", endpoint, "payment_intent.succeeded",
                "evt_" + inboxId, Optional.of("application/json"), Optional.empty(), mutation));
        deliveries.enqueue(new Destinations(List.of(shop)).forStateChange(new ForwardCause(inboxId, clock.instant(),
                endpoint.value(), "payment_intent.succeeded", "stripe:stripe-main:pi_1", clock.instant())));
        return inboxId;
    }

    private static DeliveryOutcome refused(int status, Optional<Duration> retryAfter) {
        return new DeliveryOutcome.NotDelivered(Optional.of(status), retryAfter, "answered " + status);
    }

    private static Destination destination(String id, int maxInFlight) {
        return TestDestinations.http(id, Set.of(MessageType.EVENT, MessageType.STATE_CHANGE), Optional.empty(),
                SCHEDULE, maxInFlight);
    }

    private ForwardingWork work(Destinations destinations) {
        ForwardingLedger ledger = new CountingLedger();
        ledger.deliveries = deliveries;
        ledger.settings = TestWork.settings();
        ledger.clock = clock;
        ForwardingWork built = new ForwardingWork();
        built.destinations = destinations;
        built.ledger = ledger;
        built.transport = transport;
        built.payloads = PayloadStores.inRows(new SealingCipher());
        built.rendering = notice -> (notice.objectType() + " " + notice.objectId() + " " + notice.state() + " v"
                + notice.version().orElseThrow()).getBytes(StandardCharsets.UTF_8);
        DestinationHealth health = new DestinationHealth();
        health.store = fleetHealth;
        health.clock = clock;
        built.health = health;
        built.metrics = new CountingMetrics();
        built.settings = TestWork.settings();
        built.failpoints = Failpoints.inert();
        built.backgroundYield = TestWork.neverYielding();
        built.clock = clock;
        built.executor = started::add;
        built.jitter = () -> 0;
        return built;
    }

    /**
     * Records each transaction the ledger opens, with how many ends it wrote and deliveries it leased; fails those
     * that lease while {@link #leasesFail}.
     */
    private final class CountingLedger extends ForwardingLedger {
        @Override
        public List<ForwardDelivery> leaseBatch(Destination destination, int max) {
            List<ForwardDelivery> leased = super.leaseBatch(destination, max);
            transactions.add(destination.id() + ": lease " + leased.size());
            return leased;
        }

        @Override
        public EndsAndLeases endThenLease(Destination destination, List<DeliveryEnd> ends, int max) {
            if (leasesFail && max > 0) {
                // The whole transaction rolls back: nothing of it is written.
                throw new IllegalStateException("the lease failed");
            }
            EndsAndLeases written = super.endThenLease(destination, ends, max);
            transactions.add(destination.id() + ": end " + written.written().size() + " then lease "
                    + written.leased().size());
            return written;
        }
    }

    /** Answers each destination as told (200 by default), or throws; {@code slow}'s sends are never started here. */
    private static final class ScriptedTransport implements DestinationTransportPort {
        final List<ForwardMessage> sent = new ArrayList<>();
        private final Map<String, Supplier<DeliveryOutcome>> answers = new HashMap<>();

        void answer(String destinationId, DeliveryOutcome outcome) {
            answers.put(destinationId, () -> outcome);
        }

        void answerBy(String destinationId, Supplier<DeliveryOutcome> answer) {
            answers.put(destinationId, answer);
        }

        @Override
        public DeliveryOutcome send(Destination destination, ForwardMessage message) {
            sent.add(message);
            return answers.getOrDefault(destination.id(), () -> new DeliveryOutcome.Delivered(Optional.of(200))).get();
        }
    }

    private final class CountingMetrics implements ForwardingMetricsPort {
        @Override
        public void delivered(String destinationId, Duration sinceCause) {
            counted.add("delivered " + destinationId + " after " + sinceCause);
        }

        @Override
        public void retried(String destinationId) {
            counted.add("retried " + destinationId);
        }

        @Override
        public void failed(String destinationId) {
            counted.add("failed " + destinationId);
        }
    }
}
