package io.tambat.domain.port.out.forwarding;

import java.time.Duration;

/**
 * Counts forwarding attempts by destination and outcome ({@code tambat.forwarding.attempts}), and times each
 * delivery from its cause's commit ({@code tambat.forwarding.latency}).
 */
public interface ForwardingMetricsPort {

    /** @param sinceCause from the commit of the message's cause (the event stored, the mutation applied) */
    void delivered(String destinationId, Duration sinceCause);

    /** Not delivered, another attempt scheduled. */
    void retried(String destinationId);

    /** Not delivered, and FAILED. */
    void failed(String destinationId);
}
