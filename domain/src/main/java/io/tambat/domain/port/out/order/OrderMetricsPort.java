package io.tambat.domain.port.out.order;

/** Measurements of order placement and long operations that only the application sees. */
public interface OrderMetricsPort {

    /** A placement rolled back because the store could not answer or its commit failed; the key stays free. */
    void placementRolledBack();

    /**
     * A worker's attempt at a long operation ended: {@code completed}, {@code superseded} (its lease was taken
     * over; its work rolled back), {@code retried} (the store was unavailable; the operation runs again once the
     * lease expires) or {@code failed} (it ended with a recorded {@code OPERATION_FAILED}).
     */
    void operationAttempt(String outcome);
}
