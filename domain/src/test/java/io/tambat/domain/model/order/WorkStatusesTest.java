package io.tambat.domain.model.order;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The transitions of the order work queues: deliveries downstream and long operations. */
class WorkStatusesTest {

    @Test
    void aPendingDeliveryEndsDeliveredOrFailed() {
        assertThat(OrderDeliveryStatus.PENDING.canMoveTo(OrderDeliveryStatus.DELIVERED)).isTrue();
        assertThat(OrderDeliveryStatus.PENDING.canMoveTo(OrderDeliveryStatus.FAILED)).isTrue();
    }

    @Test
    void onlyARedriveTakesAFailedDeliveryBackToWork() {
        assertThat(OrderDeliveryStatus.FAILED.canMoveTo(OrderDeliveryStatus.PENDING)).isTrue();
        assertThat(OrderDeliveryStatus.FAILED.canMoveTo(OrderDeliveryStatus.DELIVERED)).isFalse();
    }

    @Test
    void aDeliveredNotificationIsFinal() {
        for (OrderDeliveryStatus next : OrderDeliveryStatus.values()) {
            assertThat(OrderDeliveryStatus.DELIVERED.canMoveTo(next)).isFalse();
        }
    }

    @Test
    void anOperationCompletesOnceAndForGood() {
        assertThat(OperationStatus.IN_PROGRESS.canMoveTo(OperationStatus.COMPLETED)).isTrue();
        assertThat(OperationStatus.COMPLETED.canMoveTo(OperationStatus.IN_PROGRESS)).isFalse();
        assertThat(OperationStatus.COMPLETED.canMoveTo(OperationStatus.COMPLETED)).isFalse();
    }
}
