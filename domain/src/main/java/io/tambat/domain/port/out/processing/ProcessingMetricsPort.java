package io.tambat.domain.port.out.processing;

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

    /** Retention removed {@code count} items of a kind ({@code payloads}, {@code processed_events}). */
    void purged(String kind, int count);
}
