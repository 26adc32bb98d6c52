package io.tambat.application.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tambat.application.order.InMemoryOrderDeliveries.Row;
import io.tambat.application.testing.MutableClock;
import io.tambat.application.testing.TestWork;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.order.OrderDelivery;
import io.tambat.domain.model.order.OrderLine;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class OrderDeliveryLedgerTest {

    private final MutableClock clock = MutableClock.start();
    private final InMemoryOrderDeliveries deliveries = new InMemoryOrderDeliveries();
    private final OrderDeliveryLedger ledger = new OrderDeliveryLedger();

    OrderDeliveryLedgerTest() {
        ledger.deliveries = deliveries;
        ledger.settings = TestWork.settings();
        ledger.clock = clock;
    }

    @Test
    void leasesAtMostABatchOfDueDeliveriesUntilTheLeaseRunsOut() {
        for (int i = 0; i < TestWork.BATCH_SIZE + 2; i++) {
            add();
        }

        List<OrderDelivery> leased = ledger.leaseBatch(TestWork.BATCH_SIZE);

        assertThat(leased).hasSize(TestWork.BATCH_SIZE);
        assertThat(leased).allSatisfy(delivery ->
                assertThat(deliveries.row(delivery.outboxId()).leaseUntil())
                        .contains(clock.instant().plus(TestWork.LEASE)));
    }

    @Test
    void refusesEveryWriteOnceAnotherConsumerTookTheDeliveryOver() {
        long outboxId = add();
        OrderDelivery stalled = ledger.leaseBatch(TestWork.BATCH_SIZE).get(0);
        clock.advance(TestWork.LEASE.plusSeconds(1));
        ledger.leaseBatch(TestWork.BATCH_SIZE);
        Row before = deliveries.row(outboxId);

        List<Consumer<OrderDelivery>> writes = List.of(ledger::charged, ledger::reserved, ledger::delivered,
                delivery -> ledger.retryLater(delivery, clock.instant().plusSeconds(5), "timeout"),
                delivery -> ledger.fail(delivery, "refused"));

        assertThat(writes).allSatisfy(write -> assertThatThrownBy(call(write, stalled))
                .isInstanceOf(LeaseLostException.class)
                .hasMessageContaining("attempt 1 no longer holds its lease"));
        assertThat(deliveries.row(outboxId)).isEqualTo(before);
    }

    private static ThrowingCallable call(Consumer<OrderDelivery> write, OrderDelivery delivery) {
        return () -> write.accept(delivery);
    }

    private long add() {
        return deliveries.add(UUID.randomUUID(), 700, "EUR", List.of(new OrderLine("sku-1", 1, 700)),
                clock.instant());
    }
}
