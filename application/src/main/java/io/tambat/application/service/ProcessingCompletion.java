package io.tambat.application.service;

import io.tambat.domain.error.SequenceGapException;
import io.tambat.domain.model.processing.LeasedEvent;
import io.tambat.domain.model.processing.ObjectKey;
import io.tambat.domain.model.processing.OutboxMessage;
import io.tambat.domain.model.processing.ProviderObject;
import io.tambat.domain.model.processing.StateChange;
import io.tambat.domain.port.out.BusinessStatePort;
import io.tambat.domain.port.out.InboxWorkPort;
import io.tambat.domain.port.out.OutboxPort;
import io.tambat.domain.port.out.ProcessedEventsPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Instant;

/**
 * The transactions that end an attempt. Completing is ONE transaction: the processed-event record under the
 * event's own key, the business mutation (if any, and only if still in order), its side-effect notification in
 * the outbox, and the row marked PROCESSED. A second worker, a retry or a redrive finds the record and
 * changes nothing.
 */
@ApplicationScoped
public class ProcessingCompletion {

    @Inject
    InboxWorkPort inbox;

    @Inject
    ProcessedEventsPort processed;

    @Inject
    BusinessStatePort state;

    @Inject
    OutboxPort outbox;

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

    /** @return whether business state changed */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public boolean complete(LeasedEvent event, Resolution resolution, Instant now) {
        boolean firstTime = processed.record(event.provider(), event.endpointId(), event.providerEventId(),
                event.inboxId(), now);
        boolean mutated = firstTime && apply(resolution, event, now);
        if (mutated) {
            outbox.append(event.inboxId(), OutboxMessage.OBJECT_STATE_CHANGED, now);
        }
        inbox.markProcessed(event.inboxId(), now);
        return mutated;
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void retryLater(LeasedEvent event, Instant nextAttemptAt, String redactedError, Instant now) {
        inbox.retryLater(event.inboxId(), nextAttemptAt, redactedError, now);
    }

    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public void fail(LeasedEvent event, String redactedError, Instant now) {
        inbox.fail(event.inboxId(), redactedError, now);
    }

    private boolean apply(Resolution resolution, LeasedEvent event, Instant now) {
        if (resolution instanceof Resolution.Fetched fetched) {
            return state.applyFetched(fetched.key(), fetched.current(), fetched.fetchedAt(), event.inboxId(), now);
        }
        if (resolution instanceof Resolution.Apply apply) {
            StateChange change = apply.change();
            if (change instanceof StateChange.Versioned versioned) {
                return state.applyVersioned(versioned.key(), versioned.state(), versioned.version(),
                        event.inboxId(), now);
            }
            if (change instanceof StateChange.Sequenced sequenced) {
                return switch (state.applySequenced(sequenced.key(), sequenced.state(), sequenced.sequence(),
                        event.inboxId(), now)) {
                    case APPLIED -> true;
                    case STALE -> false;
                    // Rolls back the processed-event record too: the event is not processed yet.
                    case GAP -> throw new SequenceGapException(sequenced.sequence());
                };
            }
            if (change instanceof StateChange.Notification notification) {
                return state.applyNotification(notification.key(), notification.state(), event.inboxId(), now);
            }
            throw new IllegalStateException("a fetch must be resolved before the transaction");
        }
        return false;
    }

    /** Resolution.Nothing as a value, for readability at call sites. */
    public static Resolution nothing() {
        return new Resolution.Nothing();
    }
}
