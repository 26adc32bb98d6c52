package io.tambat.domain.port.out;

/** Measurements of processing that only the application sees. Labels never carry content. */
public interface ProcessingMetricsPort {

    /** An event ended PROCESSED; {@code mutated} when it changed business state. */
    void processed(boolean mutated);

    /** An attempt failed and the event will be tried again. */
    void retried();

    /** An event ended FAILED. */
    void failed();

    /**
     * A sequence gap outlived its window: {@code reconciled} when the provider's current state closed it,
     * otherwise the event failed. Alert on this.
     */
    void sequenceGapExceeded(boolean reconciled);

    /**
     * A work item ended without another attempt because its last allowed attempt was lost with its worker;
     * {@code queue} is {@code inbox}, {@code order_outbox} or {@code operations}.
     */
    void lost(String queue);

    /**
     * A worker's attempt at a long operation ended: {@code completed}, {@code superseded} (its lease was taken
     * over; its work rolled back), {@code retried} (the store was unavailable; the operation runs again once the
     * lease expires) or {@code failed} (it ended with a stored {@code operation_failed}).
     */
    void operationAttempt(String outcome);

    /** Retention removed {@code count} items of a kind ({@code payloads}, {@code processed_events}). */
    void purged(String kind, int count);
}
