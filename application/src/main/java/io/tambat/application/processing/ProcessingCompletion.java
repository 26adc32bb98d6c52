package io.tambat.application.processing;

import io.tambat.domain.error.LeaseLostException;
import io.tambat.domain.error.SequenceGapException;
import io.tambat.domain.model.forwarding.DeliveriesRecorded;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.ForwardCause;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.processing.StateWrite;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import io.tambat.domain.port.out.inbox.InboxWorkPort;
import io.tambat.domain.port.out.processing.BusinessStatePort;
import io.tambat.domain.port.out.processing.ProcessedEventsPort;
import io.tambat.provider.spi.ObjectKey;
import io.tambat.provider.spi.ProviderObject;
import io.tambat.provider.spi.StateChange;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The transactions that end an attempt. Completing is ONE transaction: the processed-event record under the
 * event's own key, the business mutation (if any, and only if still in order), its state change's forward
 * deliveries, and the row marked PROCESSED. An event processed before (an operator's replay) finds its record,
 * which stays as it was, and its write applies only under the state's own rules and only if the event has no
 * mutation on record, so no mutation is ever applied twice: a replay fills in what an earlier run did not commit.
 */
@ApplicationScoped
public class ProcessingCompletion {

    private static final Logger LOG = Logger.getLogger(ProcessingCompletion.class.getName());

    @Inject
    InboxWorkPort inbox;

    @Inject
    ProcessedEventsPort processed;

    @Inject
    BusinessStatePort state;

    @Inject
    Destinations destinations;

    @Inject
    ForwardingPort forwarding;

    @Inject
    Event<DeliveriesRecorded> recorded;

    /** What to apply: nothing, or one change, resolved outside the transaction (a fetch is a remote call). */
    public sealed interface Resolution {
        /** Nothing to change: the event concerns no tracked object, or the provider no longer has it. */
        record Nothing() implements Resolution {
        }

        record Apply(StateChange change) implements Resolution {
        }

        record Fetched(ObjectKey key, ProviderObject current, Instant fetchedAt) implements Resolution {
        }
    }

    /**
     * @return whether business state changed
     * @throws LeaseLostException when another worker took the row over: everything here rolls back
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public boolean complete(LeasedInboxEvent event, Resolution resolution, Instant now) {
        return completeTogether(List.of(new Resolved(event, resolution)), now).get(0);
    }

    /**
     * Completes several events in ONE transaction, each exactly as {@link #complete} would alone: their
     * processed-event records, the forward deliveries and the status changes are each written for all of them
     * in one statement, and their business changes are applied one after the other, so a later event sees what
     * an earlier one changed.
     *
     * @return for each event, in order, whether business state changed
     * @throws LeaseLostException when another worker took any of them over, or
     *         {@link io.tambat.domain.error.SequenceGapException} when any arrived ahead of its predecessors:
     *         everything here rolls back, and each event is completed alone instead
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<Boolean> completeAll(List<Resolved> events, Instant now) {
        return completeTogether(events, now);
    }

    /** An event and what to apply for it. */
    public record Resolved(LeasedInboxEvent event, Resolution resolution) {
    }

    private List<Boolean> completeTogether(List<Resolved> resolved, Instant now) {
        List<LeasedInboxEvent> events = resolved.stream().map(Resolved::event).toList();
        Set<UUID> firstTime = processed.recordAll(events, now);
        Set<UUID> mutatedBefore = mutatedBefore(events, firstTime);
        List<StateWrite> writes = new ArrayList<>(resolved.size());
        for (Resolved each : resolved) {
            if (!mutatedBefore.contains(each.event().inboxId())) {
                write(each.resolution(), each.event()).ifPresent(writes::add);
            }
        }
        List<BusinessStatePort.Outcome> outcomes = writes.isEmpty() ? List.of() : state.applyAll(writes, now);
        List<StateWrite> applied = new ArrayList<>(writes.size());
        for (int i = 0; i < writes.size(); i++) {
            StateWrite write = writes.get(i);
            switch (outcomes.get(i)) {
                case APPLIED -> applied.add(write);
                case STALE -> { }
                // Rolls back the processed-event records too: the event is not processed yet.
                case GAP -> throw new SequenceGapException(write.version().orElseThrow());
            }
        }
        Set<UUID> changed = new LinkedHashSet<>();
        applied.forEach(write -> changed.add(write.inboxId()));
        if (!changed.isEmpty()) {
            forward(events, applied, now);
        }
        Set<UUID> ended = inbox.markProcessed(events, now);
        for (LeasedInboxEvent event : events) {
            if (!ended.contains(event.inboxId())) {
                throw lost(event);
            }
        }
        return events.stream().map(event -> changed.contains(event.inboxId())).toList();
    }

    /**
     * The state changes' deliveries, written with their mutations, so each is durable from their commit; in the
     * order the mutations were applied. None without takers.
     */
    private void forward(List<LeasedInboxEvent> events, List<StateWrite> applied, Instant appliedAt) {
        Map<UUID, LeasedInboxEvent> byId = new HashMap<>();
        events.forEach(event -> byId.put(event.inboxId(), event));
        List<NewForward> forwards = new ArrayList<>();
        for (StateWrite write : applied) {
            LeasedInboxEvent event = byId.get(write.inboxId());
            String endpointId = event.endpointId().value();
            forwards.addAll(destinations.forStateChange(new ForwardCause(event.inboxId(), event.receivedAt(),
                    endpointId, event.eventType(), NewForward.orderingKey(event.provider(), endpointId,
                            Optional.of(write.key().objectId()), event.inboxId()), appliedAt)));
        }
        if (!forwards.isEmpty() && forwarding.enqueue(forwards) > 0) {
            recorded.fire(new DeliveriesRecorded());
        }
    }

    /**
     * Of the events processed before (their record was there already: a replay), those whose mutation is in the
     * trail. Events processed for the first time need no look: the trail holds nothing of theirs.
     */
    private Set<UUID> mutatedBefore(List<LeasedInboxEvent> events, Set<UUID> firstTime) {
        Set<UUID> again = new LinkedHashSet<>();
        for (LeasedInboxEvent event : events) {
            if (!firstTime.contains(event.inboxId())) {
                again.add(event.inboxId());
            }
        }
        return again.isEmpty() ? Set.of() : state.mutatedAmong(again);
    }

    /** @return false when the lease was taken over: the worker holding it now decides */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public boolean retryLater(LeasedInboxEvent event, Instant nextAttemptAt, String redactedError, Instant now) {
        return reportLost(event, inbox.retryLater(event, nextAttemptAt, redactedError, now));
    }

    /**
     * Gives the event back to wait for its predecessors, its attempt not counted.
     *
     * @return false when the lease was taken over: the worker holding it now decides
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public boolean waitLater(LeasedInboxEvent event, Instant nextLookAt, String redactedReason) {
        return reportLost(event, inbox.waitLater(event, nextLookAt, redactedReason));
    }

    /** @return false when the lease was taken over: the worker holding it now decides */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public boolean fail(LeasedInboxEvent event, String redactedError, Instant now) {
        return reportLost(event, inbox.fail(event, redactedError, now));
    }

    private static boolean reportLost(LeasedInboxEvent event, boolean written) {
        if (!written) {
            LOG.log(Level.WARNING, "{0}; nothing was written", lost(event).getMessage());
        }
        return written;
    }

    private static LeaseLostException lost(LeasedInboxEvent event) {
        return new LeaseLostException("inbox " + event.inboxId() + " attempt " + event.lease().attempt()
                + " no longer holds its lease");
    }

    /** What an event's resolution writes to business state, if anything. */
    private static Optional<StateWrite> write(Resolution resolution, LeasedInboxEvent event) {
        if (resolution instanceof Resolution.Fetched fetched) {
            return Optional.of(StateWrite.fetched(fetched.key(), fetched.current(), fetched.fetchedAt(),
                    event.endpointId(), event.inboxId(), event.receivedAt()));
        }
        if (resolution instanceof Resolution.Apply apply) {
            // A FetchCurrent is refused here: the fetch is a remote call, resolved before the transaction.
            return Optional.of(StateWrite.of(apply.change(), event.endpointId(), event.inboxId(),
                    event.receivedAt()));
        }
        return Optional.empty();
    }

    /** Resolution.Nothing as a value, for readability at call sites. */
    public static Resolution nothing() {
        return new Resolution.Nothing();
    }
}
