package io.tambat.application.forwarding;

import io.tambat.application.work.Failpoints;
import io.tambat.application.work.LeasedWork;
import io.tambat.application.work.WorkSettings;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.ForwardMessage;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.processing.RetryPolicy;
import io.tambat.domain.model.webhook.NewInboxEntry;
import io.tambat.domain.model.webhook.TokenBucket;
import io.tambat.domain.port.out.DestinationTransportPort;
import io.tambat.domain.port.out.ForwardingMetricsPort;
import io.tambat.domain.port.out.PayloadCipherPort;
import io.tambat.domain.port.out.StateChangeRenderingPort;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Sends leased deliveries to their destinations. One loop per instance leases for every destination, each
 * only as many as it has free in-flight slots (one while it is failing, fewer while its rate limit is
 * spent), and hands each delivery to a managed thread that sends it and records the end. A destination that
 * is slow or down thus holds only its own slots: the loop, other destinations, ingest and processing go on.
 * While a destination has more due than its slots took, a slot that frees is filled at once by the thread
 * that freed it, not at the loop's next turn: otherwise a destination would get at most max-in-flight
 * messages per poll interval however fast it answers.
 */
@ApplicationScoped
public class ForwardingWork implements LeasedWork<ForwardDelivery> {

    private static final Logger LOG = Logger.getLogger(ForwardingWork.class.getName());

    @Inject
    Destinations destinations;

    @Inject
    ForwardingLedger ledger;

    @Inject
    DestinationTransportPort transport;

    @Inject
    PayloadCipherPort cipher;

    @Inject
    StateChangeRenderingPort rendering;

    @Inject
    DestinationHealth health;

    @Inject
    ForwardingMetricsPort metrics;

    @Inject
    WorkSettings settings;

    @Inject
    Failpoints failpoints;

    @Inject
    Clock clock;

    /** The container's managed threads; any executor in a unit test. */
    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    Executor executor;

    /** Uniform in [0, 1): spreads retries out; a unit test fixes it to know the next attempt time. */
    DoubleSupplier jitter = () -> ThreadLocalRandom.current().nextDouble();

    private final Map<String, Semaphore> inFlight = new ConcurrentHashMap<>();
    private final Map<String, TokenBucket> rates = new ConcurrentHashMap<>();
    /** The destinations whose last lease took all it asked for: more of theirs is likely due. */
    private final Set<String> moreDue = ConcurrentHashMap.newKeySet();

    @Override
    public String name() {
        return "forwarding";
    }

    @Override
    public List<ForwardDelivery> leaseBatch() {
        health.refresh();
        List<ForwardDelivery> leased = new ArrayList<>();
        for (Destination destination : destinations.all()) {
            leased.addAll(leaseFor(destination));
        }
        return leased;
    }

    /** As many of the destination's due deliveries as it may have now, each holding one of its slots. */
    private List<ForwardDelivery> leaseFor(Destination destination) {
        Semaphore slots = slots(destination);
        boolean probing = health.of(destination.id()).failing();
        int wanted = probing ? probe(destination, slots.availablePermits()) : wanted(destination,
                slots.availablePermits());
        if (wanted == 0 || !slots.tryAcquire(wanted)) {
            return List.of();
        }
        List<ForwardDelivery> batch = List.of();
        try {
            batch = ledger.leaseBatch(destination, wanted);
        } finally {
            slots.release(wanted - batch.size());
            if (probing && batch.isEmpty()) {
                health.releaseProbe(destination.id());
            }
        }
        if (batch.size() == wanted) {
            moreDue.add(destination.id());
        } else {
            moreDue.remove(destination.id());
        }
        return batch;
    }

    @Override
    public Lease lease(ForwardDelivery delivery) {
        return delivery.lease();
    }

    /** A destination's attempts are its schedule's (from its last redrive or replay), not the shared policy's. */
    @Override
    public boolean endsLost(ForwardDelivery delivery, RetryPolicy retry) {
        return delivery.lease().takenOver()
                && delivery.scheduleAttempt() - 1 >= destination(delivery).retrySchedule().attempts();
    }

    @Override
    public void attemptAll(List<ForwardDelivery> deliveries) {
        for (ForwardDelivery delivery : deliveries) {
            try {
                executor.execute(() -> attemptHoldingSlot(delivery));
            } catch (RejectedExecutionException e) {
                // Left to its lease: another turn takes it once the lease runs out.
                slots(destination(delivery)).release();
                LOG.log(Level.WARNING, "forward delivery {0} not started: {1}",
                        new Object[] {delivery.deliveryId(), e.getClass().getName()});
            }
        }
    }

    @Override
    public void attempt(ForwardDelivery delivery) {
        Destination destination = destination(delivery);
        try {
            DeliveryOutcome outcome = send(destination, delivery);
            if (outcome instanceof DeliveryOutcome.Delivered delivered) {
                failpoints.reach(Failpoints.FORWARD_AFTER_SEND, delivery.messageId());
                ledger.delivered(delivery, delivered.status());
                // A healthy destination's answers cost nothing: only the first success after failures is written.
                if (health.of(destination.id()).consecutiveFailures() > 0) {
                    health.answered(destination.id());
                }
                metrics.delivered(destination.id(), Duration.between(delivery.causedAt(), clock.instant()));
            } else if (outcome instanceof DeliveryOutcome.NotDelivered refused) {
                notDelivered(destination, delivery, refused);
            }
        } catch (LeaseLostException e) {
            LOG.log(Level.WARNING, "{0}; the worker holding it now goes on", e.getMessage());
        }
    }

    @Override
    public void endLost(ForwardDelivery delivery) {
        try {
            LOG.log(Level.WARNING, "forward delivery {0} FAILED: its last attempt was lost with its worker",
                    delivery.deliveryId());
            ledger.fail(delivery, Optional.empty(), "worker_lost: attempt " + (delivery.lease().attempt() - 1)
                    + " ended without an outcome (its worker stopped or hung), and it was the last allowed");
            metrics.failed(delivery.destinationId());
        } catch (LeaseLostException e) {
            LOG.log(Level.WARNING, "{0}; the worker holding it now goes on", e.getMessage());
        } finally {
            slots(destination(delivery)).release();
        }
    }

    @Override
    public String afterLeaseFailpoint() {
        return Failpoints.DELIVERY_AFTER_LEASE;
    }

    private void attemptHoldingSlot(ForwardDelivery delivery) {
        Destination destination = destination(delivery);
        try {
            attempt(delivery);
        } catch (RuntimeException e) {
            // Recording its end failed (the database): its lease brings it back; the slot must come back now.
            LOG.log(Level.WARNING, "forward delivery {0} attempt ended without an outcome: {1}",
                    new Object[] {delivery.deliveryId(), e.getClass().getName()});
        } finally {
            slots(destination).release();
        }
        // A failing destination waits for the loop's next probe instead.
        if (moreDue.contains(destination.id()) && !health.of(destination.id()).failing()) {
            fillFreedSlots(destination);
        }
    }

    /** Leases and starts what the freed slots allow, ending at once what the worker loop would end lost. */
    private void fillFreedSlots(Destination destination) {
        List<ForwardDelivery> next;
        try {
            next = leaseFor(destination);
        } catch (RuntimeException e) {
            // The loop's next turn leases them.
            LOG.log(Level.WARNING, "forwarding to {0}: leasing more failed: {1}",
                    new Object[] {destination.id(), e.getClass().getName()});
            return;
        }
        List<ForwardDelivery> toAttempt = new ArrayList<>(next.size());
        for (ForwardDelivery delivery : next) {
            if (endsLost(delivery, settings.retry())) {
                endLost(delivery);
            } else {
                toAttempt.add(delivery);
            }
        }
        attemptAll(toAttempt);
    }

    /**
     * Whatever fails before or around the exchange (a body that does not open, a producer refusing its settings,
     * a provider's {@code Error}) ends the attempt as not delivered: left to the lease, every attempt would end
     * {@code worker_lost} and the schedule's waits would never apply. Its error is the failure's class only:
     * a message may carry a secret or the payload.
     */
    private DeliveryOutcome send(Destination destination, ForwardDelivery delivery) {
        if (delivery.purged()) {
            return new DeliveryOutcome.NotDelivered(Optional.empty(), Optional.empty(), delivery.type()
                    == MessageType.EVENT ? "payload_purged: retention removed the event's payload"
                    : "mutation_purged: retention removed the mutation from the trail");
        }
        ForwardMessage message;
        try {
            message = delivery.message(body(delivery));
        } catch (RuntimeException e) {
            return attemptFailed(delivery, "body", e);
        }
        try {
            return transport.send(destination, message);
        } catch (VirtualMachineError e) {
            // The JVM itself is failing: recording the end would likely fail too; the lease ends the attempt.
            throw e;
        } catch (RuntimeException | Error e) {
            return attemptFailed(delivery, destination.target().kind(), e);
        }
    }

    private static DeliveryOutcome attemptFailed(ForwardDelivery delivery, String where, Throwable failure) {
        LOG.log(Level.WARNING, "forward delivery {0}: the attempt failed with {1}",
                new Object[] {delivery.deliveryId(), failure.getClass().getName()});
        return new DeliveryOutcome.NotDelivered(Optional.empty(), Optional.empty(),
                where + ": " + failure.getClass().getSimpleName());
    }

    /** An event's opened payload, or a state change's rendered notice. */
    private byte[] body(ForwardDelivery delivery) {
        return switch (delivery.type()) {
            case EVENT -> cipher.open(delivery.payload().orElseThrow(), NewInboxEntry.payloadAssociatedData(
                    delivery.inboxId(), delivery.provider(), delivery.endpointId(), delivery.providerEventId()));
            case STATE_CHANGE -> rendering.render(delivery.stateChange().orElseThrow());
        };
    }

    private void notDelivered(Destination destination, ForwardDelivery delivery,
            DeliveryOutcome.NotDelivered refused) {
        Instant now = clock.instant();
        // Retention's doing, not the destination's.
        if (!delivery.purged()) {
            health.failed(destination, refused.reason(), now);
        }
        // A redrive or replay starts the schedule afresh: its waits count from there.
        int attempt = delivery.scheduleAttempt();
        // What retention removed never comes back: no use trying again.
        Optional<Instant> next = delivery.purged() ? Optional.empty()
                : destination.retrySchedule().nextAttempt(attempt, now, refused.retryAfter(), jitter);
        if (next.isPresent()) {
            ledger.retryLater(delivery, next.get(), refused.status(), refused.reason());
            metrics.retried(destination.id());
        } else {
            LOG.log(Level.WARNING, "forward delivery {0} to {1} FAILED after {2} attempt(s): {3}",
                    new Object[] {delivery.deliveryId(), destination.id(), attempt, refused.reason()});
            ledger.fail(delivery, refused.status(), refused.reason() + " (after " + attempt + " attempts)");
            metrics.failed(destination.id());
        }
    }

    /**
     * A failing destination's one delivery, when this instance has none of it out and takes the fleet's one probe
     * of it (its turn due, no other instance's probe out); else none.
     */
    private int probe(Destination destination, int freeSlots) {
        return freeSlots == destination.maxInFlight()
                && health.claimProbe(destination.id(), settings.lease().plus(destination.timeout())) ? 1 : 0;
    }

    /**
     * How many deliveries to lease for a destination now: its free slots, at most a batch; no more than its rate
     * limit has tokens for.
     */
    private int wanted(Destination destination, int freeSlots) {
        int wanted = Math.min(settings.batchSize(), freeSlots);
        if (destination.rateLimit().isEmpty() || wanted == 0) {
            return wanted;
        }
        TokenBucket bucket = rates.computeIfAbsent(destination.id(),
                id -> new TokenBucket(destination.rateLimit().get(), clock.instant()));
        Instant now = clock.instant();
        int granted = 0;
        while (granted < wanted && bucket.tryAcquire(now).isEmpty()) {
            granted++;
        }
        return granted;
    }

    private Semaphore slots(Destination destination) {
        return inFlight.computeIfAbsent(destination.id(), id -> new Semaphore(destination.maxInFlight()));
    }

    private Destination destination(ForwardDelivery delivery) {
        return destinations.find(delivery.destinationId()).orElseThrow(() -> new IllegalStateException(
                "forward delivery " + delivery.deliveryId() + " leased for an unknown destination"));
    }
}
