package io.tambat.application.forwarding;

import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationAnswers;
import io.tambat.domain.port.out.forwarding.DestinationHealthPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * How each destination has been answering the whole fleet ({@link DestinationAnswers}), as stored, read once a
 * worker turn and kept here between turns. A failing destination gets one probe at a time across the fleet, each
 * further apart ({@link io.tambat.domain.model.forwarding.RetrySchedule#probeInterval}), until one succeeds. A
 * healthy destination's answers cost nothing: only a failure, or the first success after one, is written.
 */
@ApplicationScoped
public class DestinationHealth {

    @Inject
    DestinationHealthPort store;

    @Inject
    Clock clock;

    private volatile Map<String, DestinationAnswers> fleet = Map.of();

    public DestinationAnswers of(String destinationId) {
        return fleet.getOrDefault(destinationId, DestinationAnswers.NONE);
    }

    /** Reads every destination's answers as the fleet stored them. */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void refresh() {
        fleet = Map.copyOf(store.all());
    }

    /**
     * An answered attempt after failures: clears them and ends the probe out. Callers skip it while this instance
     * knows of no failure, so that a healthy destination's answers cost no transaction.
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void answered(String destinationId) {
        store.answered(destinationId);
        remember(destinationId, DestinationAnswers.NONE);
    }

    /** A failed attempt: counted; once failing, the next probe waits its turn, longer after each failed probe. */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void failed(Destination destination, String redactedError, Instant at) {
        DestinationAnswers answers = store.failed(destination.id(), redactedError, at);
        if (answers.failing()) {
            store.probeNoSooner(destination.id(), at.plus(destination.retrySchedule().probeInterval(
                    answers.failedProbes())));
        }
        remember(destination.id(), answers);
    }

    /** Takes the failing destination's one probe for as long as an attempt may last, if its turn is due. */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public boolean claimProbe(String destinationId, Duration attemptLasts) {
        Instant now = clock.instant();
        return store.claimProbe(destinationId, now, now.plus(attemptLasts));
    }

    /** A claimed probe given back: nothing was due. */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void releaseProbe(String destinationId) {
        store.releaseProbe(destinationId);
    }

    /** What this instance now knows of the destination, until the next read. */
    private void remember(String destinationId, DestinationAnswers answers) {
        Map<String, DestinationAnswers> known = new HashMap<>(fleet);
        if (answers.consecutiveFailures() == 0) {
            known.remove(destinationId);
        } else {
            known.put(destinationId, answers);
        }
        fleet = Map.copyOf(known);
    }
}
