package io.tambat.domain.model.forwarding;

/** Where one message's delivery to one destination stands. */
public enum DeliveryStatus {
    /** Due now or at its next attempt, or being attempted. */
    PENDING,
    DELIVERED,
    /** Every scheduled attempt failed: visible and redrivable. */
    FAILED,
    /** A FAILED delivery an operator gave up: never sent again, and no longer holding its ordering key. */
    SKIPPED
}
