package io.tambat.application.testing;

import io.tambat.domain.model.forwarding.DestinationAnswers;
import io.tambat.domain.port.out.forwarding.DestinationHealthPort;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Destinations' answers in memory, as the fleet's store keeps them: one instance or several share one. */
public final class InMemoryDestinationHealth implements DestinationHealthPort {

    private final Map<String, DestinationAnswers> answers = new TreeMap<>();
    private final Map<String, Instant> nextProbeAt = new HashMap<>();
    private final Map<String, Instant> probeUntil = new HashMap<>();
    private int answeredWrites;
    private int reads;

    @Override
    public synchronized Map<String, DestinationAnswers> all() {
        reads++;
        return Map.copyOf(answers);
    }

    /** How many times every destination's answers were read. */
    public synchronized int reads() {
        return reads;
    }

    @Override
    public synchronized DestinationAnswers failed(String destinationId, String redactedError, Instant at) {
        DestinationAnswers before = answers.getOrDefault(destinationId, DestinationAnswers.NONE);
        DestinationAnswers after = new DestinationAnswers(before.consecutiveFailures() + 1,
                before.failedProbes() + (probeUntil.remove(destinationId) == null ? 0 : 1),
                Optional.of(redactedError), Optional.of(at));
        answers.put(destinationId, after);
        return after;
    }

    @Override
    public synchronized void probeNoSooner(String destinationId, Instant at) {
        nextProbeAt.put(destinationId, at);
    }

    @Override
    public synchronized void answered(String destinationId) {
        answeredWrites++;
        answers.remove(destinationId);
        nextProbeAt.remove(destinationId);
        probeUntil.remove(destinationId);
    }

    @Override
    public synchronized boolean claimProbe(String destinationId, Instant now, Instant until) {
        if (!answers.containsKey(destinationId)
                || nextProbeAt.getOrDefault(destinationId, Instant.MIN).isAfter(now)
                || probeUntil.getOrDefault(destinationId, Instant.MIN).isAfter(now)) {
            return false;
        }
        probeUntil.put(destinationId, until);
        return true;
    }

    @Override
    public synchronized void releaseProbe(String destinationId) {
        probeUntil.remove(destinationId);
    }

    /** How many times an answer was written. */
    public synchronized int answeredWrites() {
        return answeredWrites;
    }

    /** When the destination's next probe may go, if it is failing. */
    public synchronized Optional<Instant> nextProbeAt(String destinationId) {
        return Optional.ofNullable(nextProbeAt.get(destinationId));
    }
}
