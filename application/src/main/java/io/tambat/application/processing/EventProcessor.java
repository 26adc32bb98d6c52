package io.tambat.application.processing;

import io.tambat.application.work.Failpoints;
import io.tambat.application.work.WorkSettings;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.error.SequenceGapException;
import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.webhook.WebhookEndpoint;
import io.tambat.domain.port.out.processing.ProcessingMetricsPort;
import io.tambat.domain.port.out.secrets.PayloadCipherPort;
import io.tambat.domain.port.out.webhook.WebhookEndpointsPort;
import io.tambat.domain.port.out.work.TracingPort;
import io.tambat.domain.port.out.work.WorkMetricsPort;
import io.tambat.provider.spi.EventInterpreter;
import io.tambat.provider.spi.InterpretationSettings;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.ProviderStatePort;
import io.tambat.provider.spi.StateChange;
import io.tambat.provider.spi.StoredEvent;
import io.tambat.provider.spi.TransientProcessingException;
import io.tambat.provider.spi.UninterpretableEventException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One attempt at one leased event, on a worker thread: read what the event means, fetch the provider's
 * current state when the event carries no version (outside any transaction), then complete in one
 * transaction. A failure that retrying cannot cure ends FAILED at once; any other is retried with backoff
 * until the attempts run out. Reasons are redacted: they name what failed, never content.
 */
@ApplicationScoped
public class EventProcessor {

    private static final Logger LOG = Logger.getLogger(EventProcessor.class.getName());

    @Inject
    EventInterpreters interpreters;

    @Inject
    ProviderStates providerStates;

    @Inject
    WebhookEndpointsPort endpoints;

    @Inject
    PayloadCipherPort cipher;

    @Inject
    ProcessingCompletion completion;

    @Inject
    ProcessingSettings settings;

    @Inject
    WorkSettings work;

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

    /** Uniform in [0, 1): spreads retries out; a unit test fixes it to know the next attempt time. */
    DoubleSupplier jitter = () -> ThreadLocalRandom.current().nextDouble();

    public void process(LeasedInboxEvent event) {
        try (TracingPort.TracedWork span = tracing.processing(event)) {
            settle(event, () -> {
                ProcessingCompletion.Resolution resolution = resolve(event);
                failpoints.reach(Failpoints.WORKER_BEFORE_COMPLETE, event.providerEventId());
                completeAlone(new ProcessingCompletion.Resolved(event, resolution));
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
                settle(event, () -> resolved.add(new ProcessingCompletion.Resolved(event, resolve(event))));
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

    private void attempt(LeasedInboxEvent event, Runnable step) {
        try {
            step.run();
        } catch (LeaseLostException e) {
            LOG.log(Level.WARNING, "{0}; its work was rolled back", e.getMessage());
        } catch (SequenceGapException e) {
            waitForPredecessors(event, e);
        } catch (UninterpretableEventException e) {
            giveUp(event, "uninterpretable: " + e.getMessage());
        } catch (TransientProcessingException e) {
            retryOrGiveUp(event, "transient: " + e.getMessage());
        } catch (RuntimeException e) {
            retryOrGiveUp(event, "error: " + e.getClass().getName());
        }
    }

    /**
     * A delta ahead of its predecessors waits for them until the gap window closes; then the provider's current
     * state reconciles the gap, or, with no API to ask, the event fails. Waiting is not failing: each look gives
     * its attempt back. The looks thin out: the next comes after half the time waited so far, and no sooner than
     * a first retry would, so a predecessor that arrives soon is seen soon, and a whole window costs a handful.
     */
    private void waitForPredecessors(LeasedInboxEvent event, SequenceGapException gap) {
        Instant now = clock.instant();
        Instant windowEnds = event.receivedAt().plus(settings.sequenceGapWindow());
        if (now.isBefore(windowEnds)) {
            Instant soonest = work.retry().nextAttempt(1, now, jitter);
            Instant halfAgain = now.plus(Duration.between(event.receivedAt(), now).dividedBy(2));
            Instant next = soonest.isAfter(halfAgain) ? soonest : halfAgain;
            completion.waitLater(event, next.isBefore(windowEnds) ? next : windowEnds, "waiting: " + gap.getMessage());
            return;
        }
        Optional<ProviderStatePort> client = providerStates.forEndpoint(event.provider(), event.endpointId());
        if (client.isEmpty()) {
            metrics.sequenceGapExceeded(false);
            giveUp(event, "sequence gap not filled within " + settings.sequenceGapWindow() + ": " + gap.getMessage());
            return;
        }
        attempt(event, () -> reconcile(event, client.get()));
    }

    /** Applies the provider's current state of the object whose gap outlived its window. */
    private void reconcile(LeasedInboxEvent event, ProviderStatePort client) {
        StateChange change = interpreters.find(event.provider()).orElseThrow()
                .interpret(stored(event), interpretation(event)).orElseThrow();
        Instant fetchedAt = clock.instant();
        ProcessingCompletion.Resolution resolution = client.fetch(change.key())
                .<ProcessingCompletion.Resolution>map(current ->
                        new ProcessingCompletion.Resolution.Fetched(change.key(), current, fetchedAt))
                .orElseGet(ProcessingCompletion::nothing);
        boolean mutated = completion.complete(event, resolution, clock.instant());
        metrics.sequenceGapExceeded(true);
        metrics.processed(mutated);
    }

    private ProcessingCompletion.Resolution resolve(LeasedInboxEvent event) {
        Optional<EventInterpreter> interpreter = interpreters.find(event.provider());
        if (interpreter.isEmpty()) {
            return ProcessingCompletion.nothing();
        }
        Optional<StateChange> change = interpreter.get().interpret(stored(event), interpretation(event));
        if (change.isEmpty()) {
            return ProcessingCompletion.nothing();
        }
        if (change.get() instanceof StateChange.FetchCurrent fetch) {
            ProviderStatePort client = providerStates.forEndpoint(event.provider(), event.endpointId()).orElseThrow(
                    () -> new UninterpretableEventException("the event carries no version and no API is "
                            + "configured to fetch " + event.provider() + " objects"));
            Instant fetchedAt = clock.instant();
            Optional<ProviderObject> current = client.fetch(fetch.key(), fetch.connectedAccount());
            return current.<ProcessingCompletion.Resolution>map(
                            object -> new ProcessingCompletion.Resolution.Fetched(fetch.key(), object, fetchedAt))
                    .orElseGet(ProcessingCompletion::nothing);
        }
        return new ProcessingCompletion.Resolution.Apply(change.get());
    }

    private StoredEvent stored(LeasedInboxEvent event) {
        byte[] payload = cipher.open(event.payload().orElseThrow(
                        () -> new UninterpretableEventException("the raw payload was purged by retention")),
                NewInboxEvent.payloadAssociatedData(event.inboxId(), event.provider(), event.endpointId(),
                        event.providerEventId()));
        return new StoredEvent(event.provider(), event.providerEventId(), event.eventType(), event.objectId(),
                event.objectVersion(), payload);
    }

    private InterpretationSettings interpretation(LeasedInboxEvent event) {
        return endpoints.find(event.endpointId().value()).map(WebhookEndpoint::interpretation)
                .orElse(InterpretationSettings.STANDARD_DEFAULTS);
    }

    /** Ends an event whose last allowed attempt was lost with its worker (see {@link WorkerLoop}). */
    public void endLost(LeasedInboxEvent event) {
        giveUp(event, "worker_lost: attempt " + (event.lease().attempt() - 1)
                + " ended without an outcome (its worker stopped or hung), and it was the last allowed");
        workMetrics.lost("inbox");
    }

    private void retryOrGiveUp(LeasedInboxEvent event, String reason) {
        int attempt = event.lease().attempt();
        if (!work.retry().allowsAnotherAttempt(attempt)) {
            giveUp(event, reason + " (after " + attempt + " attempts)");
            return;
        }
        Instant now = clock.instant();
        Instant next = work.retry().nextAttempt(attempt, now, jitter);
        LOG.log(Level.INFO, "inbox {0} attempt {1} failed, retrying at {2}: {3}",
                new Object[] {event.inboxId(), attempt, next, reason});
        if (completion.retryLater(event, next, reason, now)) {
            metrics.retried();
        }
    }

    private void giveUp(LeasedInboxEvent event, String reason) {
        LOG.log(Level.WARNING, "inbox {0} FAILED after {1} attempt(s): {2}",
                new Object[] {event.inboxId(), event.lease().attempt(), reason});
        if (completion.fail(event, reason, clock.instant())) {
            metrics.failed();
        }
    }
}
