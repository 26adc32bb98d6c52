package io.tambat.domain.model.order;

/**
 * Where an OrderCreated notification stands on its way to payments and inventory. PENDING is due work,
 * leased attempt by attempt; the attempt that holds the lease ends it DELIVERED once both steps are done, or
 * FAILED when it will not be tried again; an operator's redrive takes FAILED back to PENDING. DELIVERED is
 * final.
 */
public enum OrderDeliveryStatus {
    PENDING,
    DELIVERED,
    FAILED;

    /** Whether a notification may move from this status to {@code next}. */
    public boolean canMoveTo(OrderDeliveryStatus next) {
        return switch (this) {
            case PENDING -> next == DELIVERED || next == FAILED;
            case DELIVERED -> false;
            case FAILED -> next == PENDING;
        };
    }
}
