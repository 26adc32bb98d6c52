package io.tambat.domain.model.forwarding;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How one attempt at a delivery ends, as it is written: fenced by the attempt that leased it, so an attempt that
 * lost its lease changes nothing.
 *
 * @param at     when it was delivered or FAILED; for {@link Kind#RETRY_LATER}, when it is due again
 * @param status the destination's answer, when it gave one
 * @param error  why it was not delivered, redacted; empty when delivered
 */
public record DeliveryEnd(long deliveryId, int attempt, Kind kind, Instant at, Optional<Integer> status,
        Optional<String> error) {

    /** Where the delivery goes from its attempt. */
    public enum Kind {
        DELIVERED,
        /** Still pending, due again at {@link DeliveryEnd#at}. */
        RETRY_LATER,
        FAILED
    }

    public DeliveryEnd {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(at);
        Objects.requireNonNull(status);
        Objects.requireNonNull(error);
        if (error.isPresent() == (kind == Kind.DELIVERED)) {
            throw new IllegalArgumentException("a delivered end has no error, and every other end has one");
        }
    }

    public static DeliveryEnd delivered(ForwardDelivery delivery, Optional<Integer> status, Instant now) {
        return new DeliveryEnd(delivery.deliveryId(), delivery.lease().attempt(), Kind.DELIVERED, now, status,
                Optional.empty());
    }

    public static DeliveryEnd retryLater(ForwardDelivery delivery, Instant next, Optional<Integer> status,
            String redactedError) {
        return new DeliveryEnd(delivery.deliveryId(), delivery.lease().attempt(), Kind.RETRY_LATER, next, status,
                Optional.of(redactedError));
    }

    public static DeliveryEnd failed(ForwardDelivery delivery, Optional<Integer> status, String redactedError,
            Instant now) {
        return new DeliveryEnd(delivery.deliveryId(), delivery.lease().attempt(), Kind.FAILED, now, status,
                Optional.of(redactedError));
    }
}
