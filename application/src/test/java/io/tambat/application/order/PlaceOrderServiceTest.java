package io.tambat.application.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.identity.TimeOrderedIds;
import io.tambat.application.port.in.order.PlaceOrderUseCase.Placement;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.RecordingMetrics;
import io.tambat.application.testing.TestWork;
import io.tambat.application.transaction.GroupCommitSettings;
import io.tambat.application.work.BackgroundYield;
import io.tambat.application.work.YieldSettings;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.order.Coupon;
import io.tambat.domain.model.order.IdempotencyKey;
import io.tambat.domain.model.order.OperationStatus;
import io.tambat.domain.model.order.Order;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.domain.model.order.OrderOutcome;
import io.tambat.domain.model.order.OrderRequest;
import io.tambat.domain.model.order.OrderResult;
import io.tambat.domain.model.order.RecordedOutcome;
import io.tambat.domain.model.order.TenantId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Order placement through the use case, on in-memory stores: one order per key and per checkout, the first
 * outcome recorded and replayed, a reused key refused, and a long operation claimed without an order yet.
 */
class PlaceOrderServiceTest {

    private static final Duration RETENTION = Duration.ofHours(24);
    private static final TenantId TENANT = new TenantId("tenant-a");
    private static final TenantId OTHER_TENANT = new TenantId("tenant-b");
    private static final OrderRequest REQUEST = request(Optional.empty());
    private static final OrderSettings SETTINGS = new OrderSettings(RETENTION, Duration.ofSeconds(3),
            Map.of("SPRING", new Coupon("SPRING", 20, Instant.parse("2026-12-01T00:00:00Z"))),
            new GroupCommitSettings(32, 2, Duration.ofSeconds(10)));

    private final MutableClock clock = MutableClock.start();
    private final InMemoryIdempotencyRecords records = new InMemoryIdempotencyRecords();
    private final InMemoryOrders orders = new InMemoryOrders();
    private final RecordingMetrics metrics = new RecordingMetrics();
    private final PlaceOrderService service = service();
    private final IdempotencyKey key = new IdempotencyKey("key-" + UUID.randomUUID());

    @Test
    void createsTheOrderAndRecordsItsRenderedOutcomeOnTheKey() {
        Placement placement = service.place(TENANT, key, REQUEST, false);

        Order order = onlyOrder();
        RecordedOutcome expected = new RecordedOutcome(OrderResult.CREATED, "created " + order.id(),
                Optional.of(order.id()));
        assertThat(placement).isEqualTo(new Placement.Answered(expected, false));
        assertThat(order.totalMinor()).isEqualTo(2 * 1_250);
        // time-ordered: a version 7 id that starts with the clock's millisecond
        assertThat(order.id().version()).isEqualTo(7);
        assertThat(order.id().getMostSignificantBits() >>> 16).isEqualTo(clock.millis());
        assertThat(orders.outbox).containsExactly(new InMemoryOrders.Appended(order.id(), clock.instant()));
        assertThat(records.record(TENANT, key).orElseThrow().outcome).contains(expected);
        assertThat(records.record(TENANT, key).orElseThrow().expiresAt).isEqualTo(clock.instant().plus(RETENTION));
    }

    @Test
    void timesEachPlacementInAGroupCommitSoThatBackgroundWorkYieldsWhilePlacementsAreSlow() {
        long[] now = {0};
        // Every reading of the clock is 40 ms after the one before: the placement takes 40 ms, over the 25 allowed.
        service.backgroundYield = new BackgroundYield(new YieldSettings(Duration.ofMillis(25), 32, 0.05), share -> {
        }, () -> now[0] += Duration.ofMillis(40).toNanos());

        assertThat(service.place(TENANT, key, REQUEST, false)).isInstanceOf(Placement.Answered.class);

        assertThat(service.backgroundYield.share()).isEqualTo(0.5);
    }

    @Test
    void replaysTheRecordedOutcomeToARetryWithTheSameParameters() {
        Placement first = service.place(TENANT, key, REQUEST, false);
        clock.advance(Duration.ofMinutes(5));

        Placement retry = service.place(TENANT, key, REQUEST, false);

        assertThat(retry).isEqualTo(new Placement.Answered(((Placement.Answered) first).outcome(), true));
        assertThat(orders.orders).hasSize(1);
        assertThat(orders.outbox).hasSize(1);
    }

    @Test
    void refusesAKeyReusedWithOtherParametersAndChangesNothing() {
        service.place(TENANT, key, REQUEST, false);

        Placement reused = service.place(TENANT, key, request(Optional.of("SPRING")), false);

        assertThat(reused).isEqualTo(new Placement.KeyReused());
        assertThat(orders.orders).hasSize(1);
    }

    @Test
    void takesAValidCouponOffTheTotal() {
        service.place(TENANT, key, request(Optional.of("SPRING")), false);

        assertThat(onlyOrder().totalMinor()).isEqualTo(2 * 1_250 * 80 / 100);
    }

    @Test
    void rejectsAnExpiredCouponAndRecordsTheRejectionForReplay() {
        clock.advance(Duration.ofDays(30));

        Placement placement = service.place(TENANT, key, request(Optional.of("SPRING")), false);

        RecordedOutcome rejection = new RecordedOutcome(OrderResult.COUPON_INVALID,
                "rejected COUPON_INVALID: the coupon is unknown or expired", Optional.empty());
        assertThat(placement).isEqualTo(new Placement.Answered(rejection, false));
        assertThat(orders.orders).isEmpty();
        assertThat(orders.outbox).isEmpty();
        assertThat(service.place(TENANT, key, request(Optional.of("SPRING")), false))
                .isEqualTo(new Placement.Answered(rejection, true));
    }

    @Test
    void ordersACheckoutOnceEvenUnderAnotherKey() {
        service.place(TENANT, key, REQUEST, false);

        Placement second = service.place(TENANT, new IdempotencyKey("another-key"), REQUEST, false);

        assertThat(((Placement.Answered) second).outcome().result()).isEqualTo(OrderResult.CHECKOUT_ALREADY_ORDERED);
        assertThat(orders.orders).hasSize(1);
        assertThat(orders.outbox).hasSize(1);
    }

    @Test
    void aKeyIsANewOperationOnceItsRecordExpired() {
        service.place(TENANT, key, request(Optional.empty(), Optional.empty()), false);
        clock.advance(RETENTION);

        Placement later = service.place(TENANT, key, request(Optional.empty(), Optional.empty()), false);

        assertThat(later).isInstanceOfSatisfying(Placement.Answered.class, answered -> {
            assertThat(answered.replayed()).isFalse();
            assertThat(answered.outcome().result()).isEqualTo(OrderResult.CREATED);
        });
        assertThat(orders.orders).hasSize(2);
    }

    @Test
    void askedToRespondAsynchronouslyClaimsALongOperationWithoutAnOrderYet() {
        Placement placement = service.place(TENANT, key, REQUEST, true);

        assertThat(placement).isInstanceOfSatisfying(Placement.Accepted.class, accepted -> {
            assertThat(accepted.status()).isEqualTo(OperationStatus.IN_PROGRESS);
            assertThat(accepted.replayed()).isFalse();
            assertThat(records.record(TENANT, key).orElseThrow().operation.orElseThrow().id())
                    .isEqualTo(accepted.operationId());
        });
        assertThat(orders.orders).isEmpty();
    }

    @Test
    void aRetryOfARunningOperationAnswersWithTheOperationEvenSynchronously() {
        UUID operation = ((Placement.Accepted) service.place(TENANT, key, REQUEST, true)).operationId();

        assertThat(service.place(TENANT, key, REQUEST, false))
                .isEqualTo(new Placement.Accepted(operation, OperationStatus.IN_PROGRESS, true));
    }

    @Test
    void aGroupPlacesEachRequestAsItWouldAloneSoOneKeyTwiceIsOneOrderAndAReplay() {
        OrderPlacement placement = placement(records, orders, clock);
        PlacementRequest request = new PlacementRequest(TENANT, key, REQUEST, "fingerprint", false);
        PlacementRequest other = new PlacementRequest(TENANT, new IdempotencyKey("other"), request(
                Optional.of("checkout-2"), Optional.empty()), "fingerprint-2", false);

        List<Placement> placements = placement.claimAndPlaceAll(List.of(request, other, request), clock.instant());

        RecordedOutcome first = ((Placement.Answered) placements.get(0)).outcome();
        assertThat(placements.get(2)).isEqualTo(new Placement.Answered(first, true));
        assertThat(((Placement.Answered) placements.get(1)).outcome().result()).isEqualTo(OrderResult.CREATED);
        assertThat(orders.orders).hasSize(2);
        assertThat(records.claimWaitBounds()).as("one bound for the group's transaction: no wait to speak of")
                .containsExactly(OrderPlacement.GROUP_CLAIM_WAIT);
    }

    @Test
    void aRequestWhoseKeyAnotherIsWritingLeavesItsGroupWhichCommitsWithoutIt() {
        IdempotencyKey busy = new IdempotencyKey("busy");
        records.writtenElsewhere(OTHER_TENANT, busy);
        PlacementRequest first = new PlacementRequest(TENANT, key, REQUEST, "fingerprint", false);
        PlacementRequest waiting = new PlacementRequest(OTHER_TENANT, busy, request(Optional.of("checkout-9"),
                Optional.empty()), "fingerprint-9", false);
        PlacementRequest last = new PlacementRequest(TENANT, new IdempotencyKey("other"), request(
                Optional.of("checkout-2"), Optional.empty()), "fingerprint-2", false);

        List<Optional<Placement>> placed = service.placeTogether(List.of(first, waiting, last));

        assertThat(placed.get(1)).as("left to wait for its key alone").isEmpty();
        assertThat(placed.get(0)).get().isInstanceOf(Placement.Answered.class);
        assertThat(placed.get(2)).get().isInstanceOf(Placement.Answered.class);
        assertThat(records.claimWaitBounds()).as("the group, then the group again without it")
                .containsExactly(OrderPlacement.GROUP_CLAIM_WAIT, OrderPlacement.GROUP_CLAIM_WAIT);
    }

    @Test
    void aRequestWhoseKeyAnotherIsWritingWaitsForItAloneUpToTheClaimWaitThenIsStillInProgress() {
        records.writtenElsewhere(TENANT, key);

        assertThat(service.place(TENANT, key, REQUEST, false)).isEqualTo(new Placement.StillInProgress());
        assertThat(metrics.recorded()).as("not a rollback of a failure").isEmpty();
        assertThat(records.claimWaitBounds()).as("in a transaction shared with others, then in its own")
                .containsExactly(OrderPlacement.GROUP_CLAIM_WAIT, SETTINGS.claimWait());
        assertThat(orders.orders).isEmpty();
    }

    @Test
    void anUnavailableStoreIsCountedAsARollbackAndReported() {
        records.failNextClaim(new StoreUnavailableException("down", null));

        assertThatThrownBy(() -> service.place(TENANT, key, REQUEST, false))
                .isInstanceOf(StoreUnavailableException.class);
        assertThat(metrics.recorded()).containsExactly("placement rolled back");
        assertThat(orders.orders).isEmpty();
    }

    private Order onlyOrder() {
        assertThat(orders.orders).hasSize(1);
        return orders.orders.values().iterator().next();
    }

    private static OrderRequest request(Optional<String> coupon) {
        return request(Optional.of("checkout-1"), coupon);
    }

    private static OrderRequest request(Optional<String> checkout, Optional<String> coupon) {
        return new OrderRequest(checkout, "EUR", List.of(new OrderLine("sku-1", 2, 1_250)), coupon);
    }

    /** Renders an outcome so a test can tell which one was recorded; the real bytes are the edge's. */
    static String render(OrderOutcome outcome) {
        return outcome instanceof OrderOutcome.Created created ? "created " + created.order().id()
                : "rejected " + outcome.result() + ": " + ((OrderOutcome.Rejected) outcome).detail();
    }

    static OrderPlacement placement(InMemoryIdempotencyRecords records, InMemoryOrders orders, Clock clock) {
        OrderPlacement placement = new OrderPlacement();
        placement.idempotency = records;
        placement.operations = records;
        placement.orders = orders;
        placement.rendering = PlaceOrderServiceTest::render;
        placement.settings = SETTINGS;
        placement.ids = new TimeOrderedIds(clock);
        return placement;
    }

    private PlaceOrderService service() {
        PlaceOrderService built = new PlaceOrderService();
        built.placement = placement(records, orders, clock);
        built.orders = orders;
        built.operations = records;
        built.metrics = metrics;
        built.settings = SETTINGS;
        built.clock = clock;
        built.backgroundYield = TestWork.neverYielding();
        built.start();
        return built;
    }
}
