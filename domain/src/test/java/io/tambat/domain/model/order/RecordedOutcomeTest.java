package io.tambat.domain.model.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RecordedOutcomeTest {

    private static final Order ORDER = new Order(UUID.randomUUID(), Optional.of("checkout-1"), Order.CREATED,
            "EUR", List.of(new OrderLine("sku-1", 2, 500)), Optional.empty(), 1000, Instant.EPOCH);

    @Test
    void aCreatedOrderIsRecordedWithItsId() {
        RecordedOutcome recorded = RecordedOutcome.of(new OrderOutcome.Created(ORDER), "{\"id\":1}");

        assertThat(recorded.result()).isEqualTo(OrderResult.CREATED);
        assertThat(recorded.orderId()).contains(ORDER.id());
        assertThat(recorded.representation()).isEqualTo("{\"id\":1}");
    }

    @Test
    void aRejectionIsRecordedWithItsReasonAndNoOrder() {
        RecordedOutcome recorded = RecordedOutcome.of(
                new OrderOutcome.Rejected(OrderResult.COUPON_INVALID, "the coupon is unknown or expired"), "{}");

        assertThat(recorded.result()).isEqualTo(OrderResult.COUPON_INVALID);
        assertThat(recorded.orderId()).isEmpty();
    }

    @Test
    void anOrderIdGoesWithCreatedOnly() {
        assertThatThrownBy(() -> new RecordedOutcome(OrderResult.CREATED, "{}", Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecordedOutcome(OrderResult.OPERATION_FAILED, "{}", Optional.of(ORDER.id())))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void createdIsNoRejectionReason() {
        assertThatThrownBy(() -> new OrderOutcome.Rejected(OrderResult.CREATED, "no"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
