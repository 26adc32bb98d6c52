package io.tambat.domain.port.out;

/** Counts forwarding attempts by destination and outcome ({@code tambat.forwarding.attempts}). */
public interface ForwardingMetricsPort {

    void delivered(String destinationId);

    /** Not delivered, another attempt scheduled. */
    void retried(String destinationId);

    /** Not delivered, and FAILED. */
    void failed(String destinationId);
}
