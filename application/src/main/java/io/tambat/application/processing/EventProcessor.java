package io.tambat.application.processing;

import io.tambat.application.work.Failpoints;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.error.SequenceGapException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.port.out.processing.ProcessingMetricsPort;
import io.tambat.domain.port.out.work.TracingPort;
import io.tambat.domain.port.out.work.WorkMetricsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One attempt at one leased event, on a worker thread, in its own span: resolve what the event means
 * ({@link EventResolution}, outside any transaction), then complete in one transaction. Whatever the attempt
 * throws decides how it ends: a lease taken over leaves the event to its new holder, a delta ahead of its
 * predecessors waits for them ({@link SequenceGapPolicy}), and any other failure is retried or ends the event
 * FAILED ({@link AttemptFailures}).
 */
@ApplicationScoped
public class EventProcessor {

    private static final Logger LOG = Logger.getLogger(EventProcessor.class.getName());

    @Inject
    EventResolution resolution;

    @Inject
    SequenceGapPolicy gaps;

    @Inject
    AttemptFailures failures;

    @Inject
    ProcessingCompletion completion;

    @Inject
    ProcessingMetricsPort metrics;

    @Inject
    WorkMetricsPort workMetrics;

    @Inject
    Failpoints failpoints;

    @Inject
    TracingPort tracing;

    @Inject
    Clock clock;

    public void process(LeasedInboxEvent event) {
        try (TracingPort.TracedWork span = tracing.processing(event)) {
            settle(event, () -> {
                ProcessingCompletion.Resolution resolved = resolution.resolve(event);
                failpoints.reach(Failpoints.WORKER_BEFORE_COMPLETE, event.providerEventId());
                completeAlone(new ProcessingCompletion.Resolved(event, resolved));
            });
        }
    }

    /**
     * Processes a leased batch, sharing one completing transaction among its events: each is resolved on its
     * own (a fetch is a remote call, never inside a transaction), then all are completed together, each as it
     * would be alone. If that transaction fails (a lease taken over, a sequence gap, a refused row), each event
     * is completed alone, so its failure settles it alone. An event whose previous worker was lost is processed
     * alone from the start: whatever stopped that worker must not take its batch with it again. In a batch, an
     * event's span covers its own work (reading it, the provider fetch); the shared transaction is no one event's.
     */
    public void processAll(List<LeasedInboxEvent> events) {
        List<LeasedInboxEvent> fresh = events.stream().filter(event -> !event.lease().takenOver()).toList();
        events.stream().filter(event -> event.lease().takenOver()).forEach(this::process);
        if (fresh.size() < 2) {
            fresh.forEach(this::process);
            return;
        }
        List<ProcessingCompletion.Resolved> resolved = new ArrayList<>(fresh.size());
        for (LeasedInboxEvent event : fresh) {
            try (TracingPort.TracedWork span = tracing.processing(event)) {
                settle(event, () -> resolved.add(new ProcessingCompletion.Resolved(event, resolution.resolve(event))));
            }
        }
        resolved.forEach(each -> failpoints.reach(Failpoints.WORKER_BEFORE_COMPLETE, each.event().providerEventId()));
        List<Boolean> mutated;
        try {
            mutated = completion.completeAll(resolved, clock.instant());
        } catch (RuntimeException groupFailed) {
            resolved.forEach(each -> settle(each.event(), () -> completeAlone(each)));
            return;
        }
        failpoints.reach(Failpoints.WORKER_AFTER_COMMIT);
        mutated.forEach(metrics::processed);
    }

    private void completeAlone(ProcessingCompletion.Resolved resolved) {
        boolean mutated = completion.complete(resolved.event(), resolved.resolution(), clock.instant());
        failpoints.reach(Failpoints.WORKER_AFTER_COMMIT);
        metrics.processed(mutated);
    }

    /**
     * Runs one step of an event's attempt and writes its outcome; whatever it throws ends, retries or reschedules
     * the event alone. If even the outcome cannot be written, the event is left to its lease's end, and the rest
     * of the turn goes on; only an unavailable store ends the turn, since it would fail every other event alike.
     */
    private void settle(LeasedInboxEvent event, Runnable step) {
        try {
            attempt(event, step);
        } catch (StoreUnavailableException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "inbox {0}: the outcome of attempt {1} was not written ({2}); it is taken up "
                    + "again once its lease ends", new Object[] {event.inboxId(), event.lease().attempt(),
                        e.getClass().getName()});
        }
    }

    /**
     * Runs a step and writes the outcome of what it throws. Reconciling a gap is a step of the same attempt, so
     * its own failures are written the same way.
     */
    private void attempt(LeasedInboxEvent event, Runnable step) {
        try {
            step.run();
        } catch (LeaseLostException e) {
            LOG.log(Level.WARNING, "{0}; its work was rolled back", e.getMessage());
        } catch (SequenceGapException e) {
            gaps.waitForPredecessors(event, e).ifPresent(reconciliation -> attempt(event, reconciliation));
        } catch (RuntimeException e) {
            failures.handle(event, e);
        }
    }

    /** Ends an event whose last allowed attempt was lost with its worker (see {@link WorkerLoop}). */
    public void endLost(LeasedInboxEvent event) {
        failures.giveUp(event, "worker_lost: attempt " + (event.lease().attempt() - 1)
                + " ended without an outcome (its worker stopped or hung), and it was the last allowed");
        workMetrics.lost("inbox");
    }
}
