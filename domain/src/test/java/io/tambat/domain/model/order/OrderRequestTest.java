package io.tambat.domain.model.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OrderRequestTest {

    @Test
    void refusesALineWhoseAmountDoesNotFitSixtyFourBits() {
        assertThatThrownBy(() -> new OrderLine("SKU", 2, Long.MAX_VALUE - 1))
                .isInstanceOf(AmountOutOfRangeException.class)
                .extracting(e -> ((InvalidOrderException) e).pointer()).isEqualTo("/unit_price_minor");
    }

    @Test
    void refusesATotalThatDoesNotFitSixtyFourBits() {
        long half = Long.MAX_VALUE / 2 + 1;
        assertThatThrownBy(() -> request(List.of(new OrderLine("A", 1, half), new OrderLine("B", 1, half))))
                .isInstanceOf(AmountOutOfRangeException.class)
                .extracting(e -> ((InvalidOrderException) e).pointer()).isEqualTo("/items");
    }

    @Test
    void placesALineProblemUnderItsIndex() {
        InvalidOrderException problem = new InvalidOrderException("/sku", "sku must be 1-64 characters");

        assertThat(problem.under("/items/3").pointer()).isEqualTo("/items/3/sku");
        assertThat(new AmountOutOfRangeException("/unit_price_minor", "x").under("/items/0"))
                .isInstanceOf(AmountOutOfRangeException.class);
    }

    @Test
    void refusesTextThatCannotBeStored() {
        assertThatThrownBy(() -> new OrderLine("A\u0000", 1, 1)).isInstanceOf(InvalidOrderException.class);
        assertThatThrownBy(() -> new OrderLine("\uD800", 1, 1)).isInstanceOf(InvalidOrderException.class);
        assertThatThrownBy(() -> new OrderRequest(Optional.empty(), "EUR", List.of(new OrderLine("A", 1, 1)),
                Optional.of("\u0000"))).isInstanceOf(InvalidOrderException.class)
                .extracting(e -> ((InvalidOrderException) e).pointer()).isEqualTo("/coupon");
    }

    @Test
    void appliesACouponToTheLargestTotalWithoutOverflow() {
        Coupon coupon = new Coupon("BIG", 20, Instant.parse("2099-01-01T00:00:00Z"));

        assertThat(coupon.apply(Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE - Long.MAX_VALUE / 5);
        assertThat(coupon.apply(1250)).isEqualTo(1000);
        assertThat(coupon.apply(99)).isEqualTo(80);
    }

    private static OrderRequest request(List<OrderLine> lines) {
        return new OrderRequest(Optional.empty(), "EUR", lines, Optional.empty());
    }
}
