package io.tambat.application.forwarding;

import io.tambat.application.payload.PayloadStore;
import io.tambat.application.work.BackgroundYield;
import io.tambat.application.work.Failpoints;
import io.tambat.application.work.LeasedWork;
import io.tambat.application.work.WorkSettings;
import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.DeliveryOutcome;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.ForwardMessage;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.processing.Lease;
import io.tambat.domain.model.processing.RetryPolicy;
import io.tambat.domain.model.webhook.TokenBucket;
import io.tambat.domain.port.out.forwarding.DestinationTransportPort;
import io.tambat.domain.port.out.forwarding.ForwardingMetricsPort;
import io.tambat.domain.port.out.forwarding.StateChangeRenderingPort;
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
 * spent), and hands each delivery to a managed thread that sends it. A destination that is slow or down thus
 * holds only its own slots: the loop, other destinations, ingest and processing go on. A finished attempt frees
 * its slot at once; its end is written with those of the destination's other attempts that finished meanwhile,
 * in one round trip ({@link UnwrittenEnds} decides who writes them), and while the destination has more due
 * than its slots took, the same transaction leases the deliveries that fill the freed slots once a quarter of
 * them is free: one commit for many messages, a lease statement for several, and freed slots filled without
 * waiting for the loop's next turn (which would give a destination at most max-in-flight messages per poll
 * interval however fast it answers). While background work yields to the requests ({@link BackgroundYield}),
 * only the loop's turns lease, in smaller batches and with rests between them.
 */
@ApplicationScoped
public class ForwardingWork implements LeasedWork<ForwardDelivery> {

    /** The queue's name, by which {@link SenderWakeUp} wakes it. */
    static final String NAME = "forwarding";

    private static final Logger LOG = Logger.getLogger(ForwardingWork.class.getName());

    @Inject
    Destinations destinations;

    @Inject
    ForwardingLedger ledger;

    @Inject
    DestinationTransportPort transport;

    @Inject
    PayloadStore payloads;

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
    BackgroundYield backgroundYield;

    @Inject
    Clock clock;

    /** The container's managed threads; any executor in a unit test. */
    @Resource(lookup = "java:comp/DefaultManagedExecutorService")
    Executor executor;

    /** Uniform in [0, 1): spreads retries out; a unit test fixes it to know the next attempt time. */
    DoubleSupplier jitter = () -> ThreadLocalRandom.current().nextDouble();

    private final Map<String, Semaphore> inFlight = new ConcurrentHashMap<>();
    private final Map<String, UnwrittenEnds> unwritten = new ConcurrentHashMap<>();
    private final Map<String, TokenBucket> rates = new ConcurrentHashMap<>();
    /** The destinations whose last lease took all it asked for: more of theirs is likely due. */
    private final Set<String> moreDue = ConcurrentHashMap.newKeySet();
    /** When the fleet's health is read next: once a poll interval, however often turns are woken. */
    private volatile Instant healthReadNext = Instant.MIN;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<ForwardDelivery> leaseBatch(int size) {
        Instant now = clock.instant();
        if (!now.isBefore(healthReadNext)) {
            health.refresh();
            healthReadNext = now.plus(settings.pollInterval());
        }
        List<ForwardDelivery> leased = new ArrayList<>();
        for (Destination destination : destinations.all()) {
            if (!refilledByItsEnds(destination)) {
                leased.addAll(leaseFor(destination, size));
            }
        }
        return leased;
    }

    /**
     * Whether the ends of the destination's attempts out lease into its freed slots: ends refill now, more is
     * due, some are out, and it is not failing. A turn (woken by every commit that records deliveries) would
     * lease a slot or two ahead of them, a lease statement for each.
     */
    private boolean refilledByItsEnds(Destination destination) {
        return refilling() && moreDue.contains(destination.id())
                && slots(destination).availablePermits() < destination.maxInFlight()
                && !health.of(destination.id()).failing();
    }

    /**
     * Whether ends lease into the slots they free: not while background work yields, whose turns then lease
     * alone, at their pace.
     */
    private boolean refilling() {
        return !backgroundYield.yielding();
    }

    /** As many of the destination's due deliveries as it may have now, up to {@code size}, each holding a slot. */
    private List<ForwardDelivery> leaseFor(Destination destination, int size) {
        Semaphore slots = slots(destination);
        boolean probing = health.of(destination.id()).failing();
        int wanted = probing ? probe(destination, slots.availablePermits()) : wanted(destination,
                slots.availablePermits(), size);
        if (wanted == 0 || !slots.tryAcquire(wanted)) {
            return List.of();
        }
        List<ForwardDelivery> batch = List.of();
        try {
            batch = ledger.leaseBatch(destination, wanted);
        } finally {
            leased(destination, wanted, batch.size());
            if (probing && batch.isEmpty()) {
                health.releaseProbe(destination.id());
            }
        }
        return batch;
    }

    /** Gives back the slots taken for deliveries a lease did not find, and notes whether more is likely due. */
    private void leased(Destination destination, int wanted, int found) {
        slots(destination).release(wanted - found);
        if (found == wanted) {
            moreDue.add(destination.id());
        } else {
            moreDue.remove(destination.id());
        }
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
                executor.execute(() -> attempt(delivery, () -> slots(destination(delivery)).release()));
            } catch (RejectedExecutionException e) {
                // Left to its lease: another turn takes it once the lease runs out.
                slots(destination(delivery)).release();
                LOG.log(Level.WARNING, "forward delivery {0} not started: {1}",
                        new Object[] {delivery.deliveryId(), e.getClass().getName()});
            }
        }
    }

    /** Sends it, then writes its end, with those of others that finished meanwhile, unless another thread is. */
    @Override
    public void attempt(ForwardDelivery delivery) {
        attempt(delivery, () -> { });
    }

    @Override
    public void endLost(ForwardDelivery delivery) {
        try {
            LOG.log(Level.WARNING, "forward delivery {0} FAILED: its last attempt was lost with its worker",
                    delivery.deliveryId());
            ledger.end(DeliveryEnd.failed(delivery, Optional.empty(), "worker_lost: attempt "
                    + (delivery.lease().attempt() - 1) + " ended without an outcome (its worker stopped or hung), and"
                    + " it was the last allowed", clock.instant()));
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

    /**
     * Sends the delivery and leaves its end to be written, then writes what is waiting unless another thread is.
     * {@code sent} runs in between, whatever happened: a slot it gives back is one the write can lease into.
     */
    private void attempt(ForwardDelivery delivery, Runnable sent) {
        Destination destination = destination(delivery);
        try {
            unwritten(destination).add(new UnwrittenEnds.Finished(delivery, sendAndEnd(destination, delivery)));
        } catch (RuntimeException e) {
            // Recording a failure failed (the database): its lease brings it back.
            LOG.log(Level.WARNING, "forward delivery {0} attempt ended without an outcome: {1}",
                    new Object[] {delivery.deliveryId(), e.getClass().getName()});
        } finally {
            sent.run();
        }
        writeEnds(destination);
    }

    /** How the attempt ends: delivered, or as the destination's schedule says after a failure. */
    private DeliveryEnd sendAndEnd(Destination destination, ForwardDelivery delivery) {
        DeliveryOutcome outcome = send(destination, delivery);
        if (outcome instanceof DeliveryOutcome.Delivered delivered) {
            failpoints.reach(Failpoints.FORWARD_AFTER_SEND, delivery.messageId());
            return DeliveryEnd.delivered(delivery, delivered.status(), clock.instant());
        }
        return notDelivered(destination, delivery, (DeliveryOutcome.NotDelivered) outcome);
    }

    /** Writes the ends waiting for the destination, a group at a time, unless another thread is writing them. */
    private void writeEnds(Destination destination) {
        unwritten(destination).writeWhileAny(group -> endThenLease(destination, group));
    }

    /**
     * Writes a group of ends and, while more is due and the destination is not failing, leases into the free
     * slots in the same transaction; then starts what was leased and counts what was written. A failing
     * destination's probe that was delivered clears its failures once written, and only then are its slots
     * filled, in a lease of their own.
     */
    private void endThenLease(Destination destination, List<UnwrittenEnds.Finished> group) {
        boolean wasFailing = health.of(destination.id()).failing();
        Semaphore slots = slots(destination);
        int free = slots.availablePermits();
        boolean refill = refilling() && moreDue.contains(destination.id()) && !wasFailing
                && free >= refillAt(destination);
        int wanted = refill ? wanted(destination, free, settings.batchSize()) : 0;
        if (wanted > 0 && !slots.tryAcquire(wanted)) {
            wanted = 0;
        }
        Optional<ForwardingLedger.EndsAndLeases> written = write(destination, group, wanted);
        if (wanted > 0) {
            leased(destination, wanted, written.map(ends -> ends.leased().size()).orElse(0));
        }
        if (written.isEmpty()) {
            return;
        }
        start(written.get().leased());
        for (UnwrittenEnds.Finished finished : group) {
            if (written.get().written().contains(finished.end())) {
                counted(destination, finished);
            } else {
                LOG.log(Level.WARNING, "forward delivery {0} attempt {1} no longer holds its lease; the worker holding"
                        + " it now goes on", new Object[] {finished.delivery().deliveryId(), finished.end().attempt()});
            }
        }
        if (wasFailing && !health.of(destination.id()).failing() && moreDue.contains(destination.id())) {
            start(leaseFor(destination, settings.batchSize()));
        }
    }

    /**
     * The group's ends written, with {@code wanted} more leased. Should that transaction fail, the ends are
     * written again alone: what a destination took must not be sent again because a lease failed. Empty when
     * even that failed: their leases bring the deliveries back.
     */
    private Optional<ForwardingLedger.EndsAndLeases> write(Destination destination,
            List<UnwrittenEnds.Finished> group, int wanted) {
        List<DeliveryEnd> ends = group.stream().map(UnwrittenEnds.Finished::end).toList();
        try {
            return Optional.of(ledger.endThenLease(destination, ends, wanted));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "forwarding to {0}: writing the ends of {1} attempt(s) and leasing {2} failed: {3}",
                    new Object[] {destination.id(), group.size(), wanted, e.getClass().getName()});
        }
        if (wanted == 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(ledger.endThenLease(destination, ends, 0));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "forwarding to {0}: writing the ends of {1} attempt(s) alone failed too: {2};"
                    + " their leases bring them back", new Object[] {destination.id(), group.size(),
                        e.getClass().getName()});
            return Optional.empty();
        }
    }

    /** A written end in the metrics, and a success after failures in the destination's health. */
    private void counted(Destination destination, UnwrittenEnds.Finished finished) {
        switch (finished.end().kind()) {
            case DELIVERED -> {
                cleared(destination);
                metrics.delivered(destination.id(), Duration.between(finished.delivery().causedAt(),
                        finished.end().at()));
            }
            case RETRY_LATER -> metrics.retried(destination.id());
            case FAILED -> {
                LOG.log(Level.WARNING, "forward delivery {0} to {1} FAILED: {2}", new Object[] {
                    finished.delivery().deliveryId(), destination.id(), finished.end().error().orElseThrow()});
                metrics.failed(destination.id());
            }
        }
    }

    /**
     * A success after failures clears them; a healthy destination's answers cost nothing, as only the first success
     * after failures is written. Should that write fail, the next success clears them.
     */
    private void cleared(Destination destination) {
        if (health.of(destination.id()).consecutiveFailures() == 0) {
            return;
        }
        try {
            health.answered(destination.id());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "forwarding to {0}: clearing its failures failed: {1}",
                    new Object[] {destination.id(), e.getClass().getName()});
        }
    }

    /**
     * Starts leased deliveries, ending at once what the worker loop would end lost. Each leased delivery holds a
     * slot until its attempt or end gives it back, so one that fails to end must not keep the rest from starting.
     */
    private void start(List<ForwardDelivery> leased) {
        List<ForwardDelivery> toAttempt = new ArrayList<>(leased.size());
        for (ForwardDelivery delivery : leased) {
            if (!endsLost(delivery, settings.retry())) {
                toAttempt.add(delivery);
                continue;
            }
            try {
                endLost(delivery);
            } catch (RuntimeException e) {
                // Its lease brings it back; endLost gave its slot back.
                LOG.log(Level.WARNING, "forward delivery {0}: ending it failed: {1}",
                        new Object[] {delivery.deliveryId(), e.getClass().getName()});
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
            case EVENT -> payloads.open(delivery.payload().orElseThrow(), NewInboxEvent.payloadAssociatedData(
                            delivery.inboxId(), delivery.provider(), delivery.endpointId(), delivery.providerEventId()))
                    .orElseThrow(() -> new IllegalStateException("the payload object is missing"));
            case STATE_CHANGE -> rendering.render(delivery.stateChange().orElseThrow());
        };
    }

    private DeliveryEnd notDelivered(Destination destination, ForwardDelivery delivery,
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
        return next.map(at -> DeliveryEnd.retryLater(delivery, at, refused.status(), refused.reason()))
                .orElseGet(() -> DeliveryEnd.failed(delivery, refused.status(), refused.reason() + " (after "
                        + attempt + " attempts)", now));
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
     * The free slots at which a write of ends also leases into them: a quarter of the destination's, at least one.
     * Refilling every slot as it frees costs a lease statement for every message or two under load; until a
     * quarter is free, the other three quarters are still out, and their ends bring the next write.
     */
    private static int refillAt(Destination destination) {
        return Math.max(1, destination.maxInFlight() / 4);
    }

    /**
     * How many deliveries to lease for a destination now: its free slots, at most {@code size}; no more than its rate
     * limit has tokens for.
     */
    private int wanted(Destination destination, int freeSlots, int size) {
        int wanted = Math.min(size, freeSlots);
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

    private UnwrittenEnds unwritten(Destination destination) {
        return unwritten.computeIfAbsent(destination.id(), id -> new UnwrittenEnds());
    }

    private Semaphore slots(Destination destination) {
        return inFlight.computeIfAbsent(destination.id(), id -> new Semaphore(destination.maxInFlight()));
    }

    private Destination destination(ForwardDelivery delivery) {
        return destinations.find(delivery.destinationId()).orElseThrow(() -> new IllegalStateException(
                "forward delivery " + delivery.deliveryId() + " leased for an unknown destination"));
    }
}
