package io.tambat.domain.port.out.forwarding;

import io.tambat.domain.model.forwarding.DestinationAnswers;
import java.time.Instant;
import java.util.Map;

/**
 * How each destination has been answering, kept where every instance reads and counts it, so instances agree,
 * a restart forgets nothing, and a failing destination gets one probe at a time across the fleet. Methods join
 * the caller's transaction. Counting is atomic per destination; nothing orders two instances' counts.
 */
public interface DestinationHealthPort {

    /** Every destination with a failure on record since its last success; one not listed answered every attempt. */
    Map<String, DestinationAnswers> all();

    /**
     * Counts one more failed attempt, with its redacted error; a probe out ends with it, counted as a failed probe.
     *
     * @return the destination's answers now on record
     */
    DestinationAnswers failed(String destinationId, String redactedError, Instant at);

    /** A failing destination's next probe goes no sooner than this. */
    void probeNoSooner(String destinationId, Instant at);

    /** An answered attempt: the failures on record are cleared, a probe out ends. */
    void answered(String destinationId);

    /**
     * Takes the failing destination's one probe until {@code until}, if its next probe is due and no other probe
     * holds it (or the one that did ran out).
     *
     * @return whether this caller now holds the probe
     */
    boolean claimProbe(String destinationId, Instant now, Instant until);

    /** Gives a claimed probe back unused: nothing of the destination was due after all. */
    void releaseProbe(String destinationId);
}
