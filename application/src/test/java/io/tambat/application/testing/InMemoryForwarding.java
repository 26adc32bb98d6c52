package io.tambat.application.testing;

import io.tambat.domain.model.forwarding.DeliveryEnd;
import io.tambat.domain.model.forwarding.DeliveryQuery;
import io.tambat.domain.model.forwarding.DeliveryRecord;
import io.tambat.domain.model.forwarding.DeliveryStatus;
import io.tambat.domain.model.forwarding.Destination;
import io.tambat.domain.model.forwarding.DestinationBacklog;
import io.tambat.domain.model.forwarding.ForwardDelivery;
import io.tambat.domain.model.forwarding.ForwardableEvent;
import io.tambat.domain.model.forwarding.HeldKey;
import io.tambat.domain.model.forwarding.MessageType;
import io.tambat.domain.model.forwarding.NewForward;
import io.tambat.domain.model.forwarding.ReceivedRange;
import io.tambat.domain.model.forwarding.StateChangeNotice;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.model.webhook.EndpointId;
import io.tambat.domain.port.out.forwarding.ForwardingPort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Forward deliveries in memory, leased per destination by the rules every work queue follows
 * ({@link InMemoryLeases}). What a leased delivery carries of its event is given by {@link #event}.
 */
public final class InMemoryForwarding implements ForwardingPort, RollsBack {

    /** What a leased delivery carries of its event, and of the mutation it applied if any. */
    public record StoredEvent(String provider, EndpointId endpointId, String eventType, String providerEventId,
            Optional<String> contentType, Optional<StoredPayload> payload, Optional<StateChangeNotice> mutation) {
    }

    /** One delivery as stored. */
    public record Row(long deliveryId, NewForward forward, DeliveryStatus status, Optional<Integer> lastStatus,
            Optional<String> lastError) {
    }

    private final Map<Long, Row> rows = new LinkedHashMap<>();
    private final Map<String, InMemoryLeases<Long>> leases = new LinkedHashMap<>();
    private final Map<UUID, StoredEvent> events = new LinkedHashMap<>();
    private final Set<String> paused = new HashSet<>();
    private final List<ForwardableEvent> received = new ArrayList<>();
    /** Attempts made before each delivery's current retry schedule began, once a redrive or replay restarted it. */
    private final Map<Long, Integer> attemptsBeforeSchedule = new HashMap<>();
    private final List<PurgeRequest> purges = new ArrayList<>();
    private long nextId = 1;

    public void event(UUID inboxId, StoredEvent event) {
        events.put(inboxId, event);
    }

    public List<Row> rows() {
        return List.copyOf(rows.values());
    }

    public Row row(long deliveryId) {
        return rows.get(deliveryId);
    }

    public InMemoryLeases<Long> leases(String destinationId) {
        return leases.computeIfAbsent(destinationId, id -> new InMemoryLeases<>());
    }

    /** An event as received, which a replay may forward to a destination that never had it. */
    public void receive(ForwardableEvent event) {
        received.add(event);
    }

    @Override
    public List<ForwardableEvent> received(ReceivedRange range, Optional<ForwardableEvent> after, int max) {
        Comparator<ForwardableEvent> order = Comparator.comparing(ForwardableEvent::receivedAt)
                .thenComparing(ForwardableEvent::inboxId);
        return received.stream()
                .filter(event -> !event.receivedAt().isBefore(range.from()) && event.receivedAt().isBefore(range.to()))
                .filter(event -> after.map(last -> order.compare(event, last) > 0).orElse(true))
                .sorted(order).limit(max).toList();
    }

    @Override
    public int enqueue(List<NewForward> forwards) {
        int recorded = 0;
        for (NewForward forward : forwards) {
            boolean exists = rows.values().stream().anyMatch(row -> row.forward().destinationId()
                    .equals(forward.destinationId()) && row.forward().messageId().equals(forward.messageId()));
            if (!exists) {
                long id = nextId++;
                rows.put(id, new Row(id, forward, DeliveryStatus.PENDING, Optional.empty(), Optional.empty()));
                leases(forward.destinationId()).add(id, forward.createdAt());
                recorded++;
            }
        }
        return recorded;
    }

    @Override
    public List<ForwardDelivery> leaseDue(String destinationId, Destination.Ordering ordering, int max, Instant now,
            Instant leaseUntil) {
        if (ordering != Destination.Ordering.NONE) {
            throw new UnsupportedOperationException("per-object ordering is proven by the PostgreSQL adapter's tests");
        }
        List<ForwardDelivery> leased = new ArrayList<>();
        if (paused.contains(destinationId)) {
            return leased;
        }
        for (InMemoryLeases.Leased<Long> item : leases(destinationId).leaseDue(max, now, leaseUntil)) {
            NewForward forward = rows.get(item.key()).forward();
            StoredEvent event = events.get(forward.inboxId());
            leased.add(new ForwardDelivery(item.key(), destinationId, forward.type(), forward.messageId(),
                    forward.inboxId(), forward.orderingKey(), forward.createdAt(), item.lease(),
                    attemptsBeforeSchedule.getOrDefault(item.key(), 0), event.provider(), event.endpointId(),
                    event.eventType(),
                    event.providerEventId(), event.contentType(),
                    forward.type() == MessageType.EVENT ? event.payload() : Optional.empty(),
                    forward.type() == MessageType.STATE_CHANGE ? event.mutation() : Optional.empty()));
        }
        return leased;
    }

    @Override
    public Set<DeliveryEnd> end(List<DeliveryEnd> ends) {
        Set<DeliveryEnd> written = new HashSet<>();
        for (DeliveryEnd end : ends) {
            if (end(end)) {
                written.add(end);
            }
        }
        return written;
    }

    @Override
    public DestinationBacklog backlog(String destinationId, Destination.Ordering ordering, Instant now) {
        List<Row> own = rows.values().stream().filter(row -> row.forward().destinationId().equals(destinationId))
                .toList();
        return new DestinationBacklog(own.stream().filter(row -> row.status() == DeliveryStatus.PENDING).count(),
                own.stream().filter(row -> row.status() == DeliveryStatus.FAILED).count(), 0, Optional.empty(), 0,
                paused.contains(destinationId));
    }

    @Override
    public List<DeliveryRecord> deliveries(String destinationId, DeliveryQuery query) {
        // The filters and paging are proven by the PostgreSQL adapter's tests; this lists by status only.
        return rows.values().stream()
                .filter(row -> row.forward().destinationId().equals(destinationId))
                .filter(row -> query.status().map(status -> status == row.status()).orElse(true))
                .sorted(Comparator.comparingLong(Row::deliveryId).reversed()).limit(query.limit())
                .map(row -> new DeliveryRecord(row.deliveryId(), row.forward().messageId(), row.forward().type(),
                        row.forward().inboxId(), row.status(), leases(destinationId).attempts(row.deliveryId()),
                        Optional.empty(), Optional.empty(), row.lastError(), row.lastStatus(),
                        row.forward().createdAt()))
                .toList();
    }

    @Override
    public boolean skip(String destinationId, long deliveryId, Instant now) {
        Row row = rows.get(deliveryId);
        if (row == null || row.status() != DeliveryStatus.FAILED || !row.forward().destinationId().equals(destinationId)) {
            return false;
        }
        rows.put(deliveryId, new Row(deliveryId, row.forward(), DeliveryStatus.SKIPPED, row.lastStatus(),
                row.lastError()));
        return true;
    }

    /** An event is taken as received when its delivery was written, in the transaction that stored it. */
    @Override
    public List<Long> redriveFailed(String destinationId, ReceivedRange range, Optional<Long> after, int max,
            Instant now) {
        return moveReceived(destinationId, Set.of(DeliveryStatus.FAILED), range, after, max, now);
    }

    @Override
    public List<Long> replay(String destinationId, ReceivedRange range, Optional<Long> after, int max, Instant now) {
        return moveReceived(destinationId, Set.of(DeliveryStatus.DELIVERED, DeliveryStatus.FAILED,
                DeliveryStatus.SKIPPED), range, after, max, now);
    }

    private List<Long> moveReceived(String destinationId, Set<DeliveryStatus> from, ReceivedRange range,
            Optional<Long> after, int max, Instant now) {
        List<Long> moved = rows.values().stream()
                .filter(row -> row.forward().destinationId().equals(destinationId) && from.contains(row.status()))
                .filter(row -> row.deliveryId() > after.orElse(0L))
                .filter(row -> !row.forward().createdAt().isBefore(range.from())
                        && row.forward().createdAt().isBefore(range.to()))
                .map(Row::deliveryId).sorted().limit(max).toList();
        for (long id : moved) {
            Row row = rows.get(id);
            rows.put(id, new Row(id, row.forward(), DeliveryStatus.PENDING, row.lastStatus(), row.lastError()));
            restartSchedule(destinationId, id, now);
        }
        return moved;
    }

    @Override
    public List<Long> discard(String destinationId, Optional<Long> after, int max, Instant now) {
        List<Long> discarded = rows.values().stream()
                .filter(row -> row.forward().destinationId().equals(destinationId) && unfinished(row))
                .map(Row::deliveryId).filter(id -> id > after.orElse(0L)).sorted().limit(max).toList();
        for (long id : discarded) {
            Row row = rows.get(id);
            rows.put(id, new Row(id, row.forward(), DeliveryStatus.SKIPPED, row.lastStatus(), row.lastError()));
            leases(destinationId).finish(id);
        }
        return discarded;
    }

    @Override
    public List<String> withUnfinishedDeliveries() {
        return rows.values().stream().filter(InMemoryForwarding::unfinished)
                .map(row -> row.forward().destinationId()).distinct().sorted().toList();
    }

    private static boolean unfinished(Row row) {
        return row.status() == DeliveryStatus.PENDING || row.status() == DeliveryStatus.FAILED;
    }

    @Override
    public boolean pause(String destinationId, Instant now) {
        return paused.add(destinationId);
    }

    @Override
    public boolean resume(String destinationId) {
        return paused.remove(destinationId);
    }

    @Override
    public List<HeldKey> heldKeys(String destinationId, int limit) {
        throw new UnsupportedOperationException("selected by the PostgreSQL adapter's contract tests");
    }

    @Override
    public int purgeFinished(Instant causedBefore, int batch) {
        purges.add(new PurgeRequest(causedBefore, batch));
        List<Long> finished = rows.values().stream().filter(row -> row.status() == DeliveryStatus.DELIVERED
                || row.status() == DeliveryStatus.SKIPPED).filter(row -> row.forward().createdAt().isBefore(causedBefore))
                .map(Row::deliveryId).limit(batch).toList();
        finished.forEach(rows::remove);
        return finished.size();
    }

    /** Every retention purge asked of it. */
    public List<PurgeRequest> purges() {
        return List.copyOf(purges);
    }

    @Override
    public boolean redrive(String destinationId, long deliveryId, Instant now) {
        Row row = rows.get(deliveryId);
        if (row == null || row.status() != DeliveryStatus.FAILED || !row.forward().destinationId().equals(destinationId)) {
            return false;
        }
        rows.put(deliveryId, new Row(deliveryId, row.forward(), DeliveryStatus.PENDING, row.lastStatus(),
                row.lastError()));
        restartSchedule(destinationId, deliveryId, now);
        return true;
    }

    /** Due now, on a fresh retry schedule; its attempts so far still count as the fencing token. */
    private void restartSchedule(String destinationId, long deliveryId, Instant now) {
        leases(destinationId).reopen(deliveryId, now);
        attemptsBeforeSchedule.put(deliveryId, leases(destinationId).attempts(deliveryId));
    }

    @Override
    public Optional<DeliveryStatus> status(String destinationId, long deliveryId) {
        return Optional.ofNullable(rows.get(deliveryId)).filter(row -> row.forward().destinationId()
                .equals(destinationId)).map(Row::status);
    }

    @Override
    public Runnable snapshot() {
        Runnable rowsBack = RollsBack.snapshotOf(rows);
        Runnable schedulesBack = RollsBack.snapshotOf(attemptsBeforeSchedule);
        List<Runnable> leasesBack = leases.values().stream().map(InMemoryLeases::snapshot).toList();
        return () -> {
            rowsBack.run();
            schedulesBack.run();
            leasesBack.forEach(Runnable::run);
        };
    }

    private boolean end(DeliveryEnd end) {
        Row row = rows.get(end.deliveryId());
        InMemoryLeases<Long> own = leases(row.forward().destinationId());
        if (!own.holds(end.deliveryId(), end.attempt())) {
            return false;
        }
        DeliveryStatus status = switch (end.kind()) {
            case DELIVERED -> DeliveryStatus.DELIVERED;
            case RETRY_LATER -> DeliveryStatus.PENDING;
            case FAILED -> DeliveryStatus.FAILED;
        };
        if (status == DeliveryStatus.PENDING) {
            own.retryAt(end.deliveryId(), end.at());
        } else {
            own.finish(end.deliveryId());
        }
        rows.put(end.deliveryId(), new Row(end.deliveryId(), row.forward(), status, end.status(), end.error()));
        return true;
    }
}
