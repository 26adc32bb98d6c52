package io.tambat.domain.model.order;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** A created order. Its tenant is kept beside it by storage and never shown. */
public record Order(UUID id, Optional<String> checkoutId, String status, String currency, List<OrderLine> items,
        Optional<String> coupon, long totalMinor, Instant createdAt) {

    public static final String CREATED = "created";

    public Order {
        Objects.requireNonNull(id);
        Objects.requireNonNull(checkoutId);
        Objects.requireNonNull(status);
        Objects.requireNonNull(currency);
        items = List.copyOf(items);
        Objects.requireNonNull(coupon);
        Objects.requireNonNull(createdAt);
    }
}
