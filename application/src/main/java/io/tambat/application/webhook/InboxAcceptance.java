package io.tambat.application.webhook;

import io.tambat.domain.error.ReplayedBodyException;
import io.tambat.domain.model.forwarding.DeliveriesRecorded;
import io.tambat.domain.model.forwarding.Destinations;
import io.tambat.domain.model.forwarding.ForwardCause;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import io.tambat.domain.port.out.webhook.InboxPort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;

/**
 * The one transaction of ingress: every inbox row of a delivery (or of a group of deliveries, see
 * {@link InboxGroupCommit}) and, for each row created, one forward delivery per destination that takes it
 * (nothing more when none does: workers find their work by leasing due rows, not by a notification). Either all
 * of it commits or none of it does. On an endpoint with a replay window, a delivery that creates a row also
 * records its body, and a body recorded within the window rolls all of it back.
 */
@ApplicationScoped
public class InboxAcceptance {

    @Inject
    InboxPort inbox;

    @Inject
    Destinations destinations;

    @Inject
    ForwardingPort forwarding;

    @Inject
    Event<DeliveriesRecorded> recorded;

    /**
     * Returns after the commit; a commit failure surfaces as an exception and nothing is acknowledged.
     *
     * @throws ReplayedBodyException when the body was accepted within {@code replayWindow}: nothing is stored
     */
    @Transactional(value = Transactional.TxType.REQUIRES_NEW, rollbackOn = Exception.class)
    public List<InboxPort.Insertion> accept(List<NewInboxEvent> entries, Optional<Duration> replayWindow,
            Instant now) {
        List<InboxPort.Insertion> insertions = inbox.insertAll(entries);
        List<UUID> created = insertions.stream().filter(InboxPort.Insertion::created)
                .map(InboxPort.Insertion::inboxId).toList();
        if (!created.isEmpty()) {
            forward(entries, insertions, now);
        }
        // Once per delivery, for the first row it created: the items of one body are one acceptance of it.
        if (replayWindow.isPresent() && !created.isEmpty()) {
            NewInboxEvent firstCreated = IntStream.range(0, entries.size()).filter(i -> insertions.get(i).created())
                    .mapToObj(entries::get).findFirst().orElseThrow();
            inbox.recordBodyUnlessSeen(firstCreated, now.minus(replayWindow.get())).ifPresent(earlier -> {
                throw new ReplayedBodyException(earlier);
            });
        }
        return insertions;
    }

    /** Written with the rows, so a stored event's deliveries are durable from its commit; none without takers. */
    private void forward(List<NewInboxEvent> entries, List<InboxPort.Insertion> insertions, Instant now) {
        List<NewForward> forwards = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            if (insertions.get(i).created()) {
                NewInboxEvent entry = entries.get(i);
                String endpointId = entry.endpointId().value();
                forwards.addAll(destinations.forEvent(new ForwardCause(entry.inboxId(), entry.receivedAt(), endpointId,
                        entry.event().eventType(), NewForward.orderingKey(entry.provider(), endpointId,
                                entry.event().objectId(), entry.inboxId()), now)));
            }
        }
        if (!forwards.isEmpty() && forwarding.enqueue(forwards) > 0) {
            recorded.fire(new DeliveriesRecorded());
        }
    }
}
