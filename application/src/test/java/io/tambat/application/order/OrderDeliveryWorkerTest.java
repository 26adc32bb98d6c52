package io.tambat.application.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.tambat.application.order.FakeDownstream.Call;
import io.tambat.application.order.InMemoryOrderDeliveries.Row;
import io.tambat.application.order.InMemoryOrderDeliveries.Status;
import io.tambat.application.testing.LogCapture;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.RecordingMetrics;
import io.tambat.application.testing.RecordingTracing;
import io.tambat.application.testing.TestWork;
import io.tambat.domain.error.DownstreamRefusedException;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.model.order.OrderLine;
import io.tambat.provider.spi.TransientProcessingException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import org.junit.jupiter.api.Test;

class OrderDeliveryWorkerTest {

    private static final UUID ORDER = UUID.fromString("0b7e8f52-3c1d-4f0e-9a51-6d2f4c8b9e10");
    private static final String CHARGE_KEY = "order-" + ORDER + "-charge";
    private static final String RESERVE_KEY = "order-" + ORDER + "-reserve";

    private final MutableClock clock = MutableClock.start();
    private final InMemoryOrderDeliveries deliveries = new InMemoryOrderDeliveries();
    private final FakeDownstream downstream = new FakeDownstream();
    private final RecordingMetrics metrics = new RecordingMetrics();
    private final OrderDeliveryWorker worker = worker();
    private final long outboxId = deliveries.add(ORDER, 1500, "EUR", List.of(new OrderLine("sku-1", 2, 750)),
            clock.instant());

    @Test
    void chargesThenReservesWithTheKeysDerivedFromTheOrder() {
        deliverDue();

        assertThat(downstream.calls).containsExactly(
                new Call("payments", ORDER, CHARGE_KEY, "1500 EUR"),
                new Call("inventory", ORDER, RESERVE_KEY, "[2 x sku-1]"));
        Row row = deliveries.row(outboxId);
        assertThat(row.status()).isEqualTo(Status.DELIVERED);
        assertThat(row.charged()).isTrue();
        assertThat(row.reserved()).isTrue();
    }

    @Test
    void doesNotChargeAgainOnTheRetryAfterTheChargeWasRecorded() {
        downstream.inventory.failNextWith(new TransientProcessingException("inventory timed out", null));
        deliverDue();
        clock.advance(Duration.ofMinutes(1));

        deliverDue();

        assertThat(downstream.calls).extracting(Call::service).containsExactly("payments", "inventory", "inventory");
        assertThat(deliveries.row(outboxId).status()).isEqualTo(Status.DELIVERED);
    }

    @Test
    void retriesATransientFailureAfterTheBackoffOfItsAttempt() {
        downstream.payments.failNextWith(new TransientProcessingException("payments answered 503", null));

        deliverDue();

        Row row = deliveries.row(outboxId);
        assertThat(row.status()).isEqualTo(Status.PENDING);
        assertThat(row.charged()).isFalse();
        assertThat(row.leaseUntil()).isEmpty();
        assertThat(row.nextAttemptAt())
                .isEqualTo(TestWork.RETRY.nextAttempt(1, clock.instant(), () -> TestWork.JITTER))
                .isEqualTo(clock.instant().plusMillis(1500));
        assertThat(row.lastError()).contains("TransientProcessingException: payments answered 503");
    }

    @Test
    void retriesWithTheSameKeys() {
        downstream.payments.failNextWith(new TransientProcessingException("payments timed out", null));
        downstream.inventory.failNextWith(new TransientProcessingException("inventory timed out", null));

        for (int attempt = 1; attempt <= TestWork.MAX_ATTEMPTS; attempt++) {
            deliverDue();
            clock.advance(Duration.ofMinutes(1));
        }

        assertThat(downstream.callsTo("payments")).extracting(Call::idempotencyKey)
                .containsExactly(CHARGE_KEY, CHARGE_KEY);
        assertThat(downstream.callsTo("inventory")).extracting(Call::idempotencyKey)
                .containsExactly(RESERVE_KEY, RESERVE_KEY);
        assertThat(deliveries.row(outboxId).status()).isEqualTo(Status.DELIVERED);
    }

    @Test
    void failsTheDeliveryAfterTheLastAllowedAttempt() {
        for (int attempt = 1; attempt <= TestWork.MAX_ATTEMPTS; attempt++) {
            downstream.payments.failNextWith(new TransientProcessingException("payments answered 503", null));
        }

        for (int attempt = 1; attempt <= TestWork.MAX_ATTEMPTS; attempt++) {
            deliverDue();
            clock.advance(Duration.ofMinutes(1));
        }

        Row row = deliveries.row(outboxId);
        assertThat(row.status()).isEqualTo(Status.FAILED);
        assertThat(row.attempts()).isEqualTo(TestWork.MAX_ATTEMPTS);
        assertThat(row.lastError()).contains("TransientProcessingException: payments answered 503 (after 3 attempts)");
        assertThat(worker.leaseBatch(TestWork.BATCH_SIZE)).isEmpty();
        assertThat(downstream.callsTo("inventory")).isEmpty();
    }

    @Test
    void failsAtOnceWhenDownstreamRefuses() {
        downstream.payments.failNextWith(new DownstreamRefusedException("payments answered 402"));

        deliverDue();

        Row row = deliveries.row(outboxId);
        assertThat(row.status()).isEqualTo(Status.FAILED);
        assertThat(row.attempts()).isEqualTo(1);
        assertThat(row.lastError()).contains("refused: payments answered 402");
        assertThat(downstream.callsTo("inventory")).isEmpty();
    }

    @Test
    void leasesNothingWhilePaymentsIsNotConfigured() {
        downstream.payments.unconfigure();

        assertThat(worker.leaseBatch(TestWork.BATCH_SIZE)).isEmpty();
        assertThat(deliveries.row(outboxId).attempts()).isZero();
    }

    @Test
    void leasesNothingWhileInventoryIsNotConfigured() {
        downstream.inventory.unconfigure();

        assertThat(worker.leaseBatch(TestWork.BATCH_SIZE)).isEmpty();
        assertThat(deliveries.row(outboxId).attempts()).isZero();
    }

    @Test
    void logsALostLeaseAndStoresNothing() {
        OrderDelivery stalled = leaseOne();
        clock.advance(TestWork.LEASE.plusSeconds(1));
        OrderDelivery current = leaseOne();

        try (LogCapture log = LogCapture.of(OrderDeliveryWorker.class)) {
            worker.attempt(stalled);

            assertThat(log.messages(Level.WARNING)).singleElement().asString()
                    .contains("order delivery " + outboxId + " attempt 1 no longer holds its lease");
        }
        Row row = deliveries.row(outboxId);
        assertThat(row.charged()).isFalse();
        assertThat(row.status()).isEqualTo(Status.PENDING);
        assertThat(row.attempts()).isEqualTo(current.lease().attempt());
        assertThat(downstream.callsTo("inventory")).isEmpty();
    }

    @Test
    void endsADeliveryWhoseLastAllowedAttemptWasLostAsFailed() {
        for (int attempt = 1; attempt <= TestWork.MAX_ATTEMPTS; attempt++) {
            leaseOne();
            clock.advance(TestWork.LEASE.plusSeconds(1));
        }
        OrderDelivery afterTheLast = leaseOne();

        worker.endLost(afterTheLast);

        Row row = deliveries.row(outboxId);
        assertThat(row.status()).isEqualTo(Status.FAILED);
        assertThat(row.lastError()).get().asString().startsWith("worker_lost: attempt 3 ended without an outcome");
        assertThat(downstream.calls).isEmpty();
        assertThat(metrics.recorded()).containsExactly("lost order_outbox");
    }

    /** One worker turn over what is due now. */
    private void deliverDue() {
        worker.leaseBatch(TestWork.BATCH_SIZE).forEach(worker::attempt);
    }

    private OrderDelivery leaseOne() {
        List<OrderDelivery> leased = worker.leaseBatch(TestWork.BATCH_SIZE);
        assertThat(leased).hasSize(1);
        return leased.get(0);
    }

    private OrderDeliveryWorker worker() {
        OrderDeliveryLedger ledger = new OrderDeliveryLedger();
        ledger.deliveries = deliveries;
        ledger.settings = TestWork.settings();
        ledger.clock = clock;
        OrderDeliveryWorker built = new OrderDeliveryWorker();
        built.ledger = ledger;
        built.payments = downstream.payments;
        built.inventory = downstream.inventory;
        built.settings = TestWork.settings();
        built.metrics = metrics;
        built.clock = clock;
        built.tracing = new RecordingTracing();
        built.jitter = () -> TestWork.JITTER;
        return built;
    }
}
