package io.tambat.application.processing;

import io.tambat.domain.error.SequenceGapException;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.port.out.processing.ProcessingMetricsPort;
import io.tambat.provider.spi.ProviderStatePort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A delta ahead of its predecessors waits for them until the gap window closes; then the provider's current
 * state reconciles the gap, or, with no API to ask, the event fails. Waiting is not failing: each look gives
 * its attempt back. The looks thin out: the next comes after half the time waited so far, and no sooner than
 * a first retry would, so a predecessor that arrives soon is seen soon, and a whole window costs a handful.
 */
@ApplicationScoped
public class SequenceGapPolicy {

    @Inject
    EventResolution resolution;

    @Inject
    AttemptFailures failures;

    @Inject
    ProcessingCompletion completion;

    @Inject
    ProcessingSettings settings;

    @Inject
    ProcessingMetricsPort metrics;

    @Inject
    Clock clock;

    /**
     * Schedules the next look while the window is open, or fails the event once it has closed with no API to
     * ask.
     *
     * @return the reconciliation to attempt once the window has closed and the provider's API can be asked. It is
     *         returned rather than run so that the caller settles its failures as those of any other attempt.
     */
    public Optional<Runnable> waitForPredecessors(LeasedInboxEvent event, SequenceGapException gap) {
        Instant now = clock.instant();
        Instant windowEnds = event.receivedAt().plus(settings.sequenceGapWindow());
        if (now.isBefore(windowEnds)) {
            Instant soonest = failures.firstRetryAfter(now);
            Instant halfAgain = now.plus(Duration.between(event.receivedAt(), now).dividedBy(2));
            Instant next = soonest.isAfter(halfAgain) ? soonest : halfAgain;
            completion.waitLater(event, next.isBefore(windowEnds) ? next : windowEnds, "waiting: " + gap.getMessage());
            return Optional.empty();
        }
        Optional<ProviderStatePort> client = resolution.stateClient(event);
        if (client.isEmpty()) {
            metrics.sequenceGapExceeded(false);
            failures.giveUp(event, "sequence gap not filled within " + settings.sequenceGapWindow() + ": "
                    + gap.getMessage());
            return Optional.empty();
        }
        return Optional.of(() -> reconcile(event, client.get()));
    }

    /** Applies the provider's current state of the object whose gap outlived its window. */
    private void reconcile(LeasedInboxEvent event, ProviderStatePort client) {
        ProcessingCompletion.Resolution current = resolution.currentState(event, client);
        boolean mutated = completion.complete(event, current, clock.instant());
        metrics.sequenceGapExceeded(true);
        metrics.processed(mutated);
    }
}
