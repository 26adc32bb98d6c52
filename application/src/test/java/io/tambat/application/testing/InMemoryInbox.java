package io.tambat.application.testing;

import io.tambat.domain.error.StoreUnavailableException;
import io.tambat.domain.model.inbox.InboxSelection;
import io.tambat.domain.model.inbox.InboxStatus;
import io.tambat.domain.model.inbox.LeasedInboxEvent;
import io.tambat.domain.model.inbox.NewInboxEvent;
import io.tambat.domain.model.inbox.PayloadObjectKey;
import io.tambat.domain.model.inbox.StoredPayload;
import io.tambat.domain.port.out.inbox.InboxRecoveryPort;
import io.tambat.domain.port.out.inbox.InboxRetentionPort;
import io.tambat.domain.port.out.inbox.InboxWorkPort;
import io.tambat.domain.port.out.webhook.InboxPort;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The inbox as ingress and workers see it, in memory: unique per (provider, endpoint, provider event id),
 * leased by {@link InMemoryLeases}' rules, every worker write fenced by its attempt. It also records each purge
 * it was asked for, so retention's cut-offs can be checked exactly.
 */
public final class InMemoryInbox
        implements InboxPort, InboxWorkPort, InboxRecoveryPort, InboxRetentionPort, RollsBack {

    private final Map<UUID, Stored> rows = new LinkedHashMap<>();
    private final Map<String, SeenBody> seenBodies = new LinkedHashMap<>();
    private final InMemoryLeases<UUID> leases = new InMemoryLeases<>();
    private final List<PurgeRequest> payloadPurges = new ArrayList<>();
    private final List<PurgeRequest> seenBodyPurges = new ArrayList<>();
    private final List<PurgeRequest> finishedRowPurges = new ArrayList<>();
    private final List<PurgeRequest> keyPurges = new ArrayList<>();
    private boolean unavailable;

    /** A row as an operator would see it, with its lease. */
    public record Row(NewInboxEvent entry, InboxStatus status, Optional<StoredPayload> payload,
            Optional<String> lastError, int attempts, Instant nextAttemptAt, Optional<Instant> leaseUntil) {
    }

    /** From now on every call throws {@link StoreUnavailableException}, as when the database cannot answer. */
    public void becomeUnavailable() {
        unavailable = true;
    }

    public List<Row> rows() {
        return rows.keySet().stream().map(this::row).toList();
    }

    public Row row(UUID inboxId) {
        Stored stored = rows.get(inboxId);
        return new Row(stored.entry(), stored.status(), stored.payload(), stored.lastError(),
                leases.attempts(inboxId), leases.nextAttemptAt(inboxId), leases.leaseUntil(inboxId));
    }

    public List<PurgeRequest> payloadPurges() {
        return List.copyOf(payloadPurges);
    }

    public List<PurgeRequest> seenBodyPurges() {
        return List.copyOf(seenBodyPurges);
    }

    public List<PurgeRequest> finishedRowPurges() {
        return List.copyOf(finishedRowPurges);
    }

    @Override
    public List<Insertion> insertAll(List<NewInboxEvent> entries) {
        answer();
        return entries.stream().map(this::insert).toList();
    }

    private Insertion insert(NewInboxEvent entry) {
        Optional<UUID> existing = rows.values().stream()
                .filter(stored -> sameLogicalEvent(stored.entry(), entry))
                .map(stored -> stored.entry().inboxId())
                .findFirst();
        if (existing.isPresent()) {
            return new Insertion(existing.get(), false);
        }
        rows.put(entry.inboxId(), new Stored(entry, InboxStatus.RECEIVED, Optional.of(entry.payload()),
                Optional.empty()));
        leases.add(entry.inboxId(), entry.receivedAt());
        return new Insertion(entry.inboxId(), true);
    }

    @Override
    public Optional<UUID> recordBodyUnlessSeen(NewInboxEvent entry, Instant seenAfter) {
        answer();
        String body = entry.endpointId() + "/" + HexFormat.of().formatHex(entry.payloadDigest().stored());
        SeenBody earlier = seenBodies.get(body);
        if (earlier != null && earlier.at().isAfter(seenAfter)) {
            return Optional.of(earlier.inboxId());
        }
        seenBodies.put(body, new SeenBody(entry.inboxId(), entry.receivedAt()));
        return Optional.empty();
    }

    @Override
    public int purgeSeenBodies(Instant before, int batch) {
        answer();
        PurgeRequest request = new PurgeRequest(before, batch);
        seenBodyPurges.add(request);
        return request.removeFrom(seenBodies, SeenBody::at);
    }

    @Override
    public List<LeasedInboxEvent> leaseDue(int max, Instant now, Instant leaseUntil) {
        answer();
        return leases.leaseDue(max, now, leaseUntil).stream().map(leased -> {
            Stored stored = rows.get(leased.key());
            rows.put(leased.key(), stored.with(InboxStatus.PROCESSING, stored.lastError()));
            NewInboxEvent entry = stored.entry();
            return new LeasedInboxEvent(entry.inboxId(), entry.provider(), entry.endpointId(),
                    entry.event().providerEventId(), entry.event().eventType(), entry.event().objectId(),
                    entry.event().objectVersion(), leased.lease(), entry.receivedAt(), stored.payload(),
                    entry.traceContext());
        }).toList();
    }

    @Override
    public Set<UUID> markProcessed(List<LeasedInboxEvent> events, Instant now) {
        return events.stream()
                .filter(event -> end(event.inboxId(), event.lease().attempt(), InboxStatus.PROCESSED, Optional.empty()))
                .map(LeasedInboxEvent::inboxId)
                .collect(Collectors.toSet());
    }

    @Override
    public boolean retryLater(LeasedInboxEvent event, Instant nextAttemptAt, String redactedError, Instant now) {
        UUID inboxId = event.inboxId();
        int attempt = event.lease().attempt();
        answer();
        if (!leases.holds(inboxId, attempt)) {
            return false;
        }
        leases.retryAt(inboxId, nextAttemptAt);
        rows.put(inboxId, rows.get(inboxId).with(InboxStatus.RECEIVED, Optional.of(redactedError)));
        return true;
    }

    @Override
    public boolean waitLater(LeasedInboxEvent event, Instant nextLookAt, String redactedReason) {
        UUID inboxId = event.inboxId();
        int attempt = event.lease().attempt();
        answer();
        if (!leases.holds(inboxId, attempt)) {
            return false;
        }
        leases.giveBack(inboxId, nextLookAt);
        rows.put(inboxId, rows.get(inboxId).with(InboxStatus.RECEIVED, Optional.of(redactedReason)));
        return true;
    }

    @Override
    public boolean fail(LeasedInboxEvent event, String redactedError, Instant now) {
        return end(event.inboxId(), event.lease().attempt(), InboxStatus.FAILED, Optional.of(redactedError));
    }

    @Override
    public boolean redrive(UUID inboxId, Instant now) {
        answer();
        Stored stored = rows.get(inboxId);
        if (stored == null || stored.status() != InboxStatus.FAILED) {
            return false;
        }
        leases.reopen(inboxId, now);
        rows.put(inboxId, stored.with(InboxStatus.RECEIVED, stored.lastError()));
        return true;
    }

    @Override
    public List<InboxSelection.Position> redriveSelected(InboxSelection selection,
            Optional<InboxSelection.Position> after, int max, Instant now) {
        return sendBack(selection, after, max, now, InboxStatus.FAILED, stored -> true);
    }

    @Override
    public List<InboxSelection.Position> replaySelected(InboxSelection selection,
            Optional<InboxSelection.Position> after, int max, Instant now, Instant recordsKeptSince) {
        return sendBack(selection, after, max, now, InboxStatus.PROCESSED, stored -> replayable(stored,
                recordsKeptSince));
    }

    @Override
    public long countNotReplayable(InboxSelection selection, Instant recordsKeptSince) {
        answer();
        return rows.values().stream().filter(stored -> stored.status() == InboxStatus.PROCESSED
                && selects(selection, stored.entry()) && !replayable(stored, recordsKeptSince)).count();
    }

    private List<InboxSelection.Position> sendBack(InboxSelection selection, Optional<InboxSelection.Position> after,
            int max, Instant now, InboxStatus from, java.util.function.Predicate<Stored> eligible) {
        answer();
        List<InboxSelection.Position> moved = rows.values().stream()
                .filter(stored -> stored.status() == from && selects(selection, stored.entry()) && eligible.test(stored))
                .map(stored -> new InboxSelection.Position(stored.entry().receivedAt(), stored.entry().inboxId()))
                .filter(position -> after.map(last -> POSITION_ORDER.compare(position, last) > 0).orElse(true))
                .sorted(POSITION_ORDER)
                .limit(max)
                .toList();
        for (InboxSelection.Position position : moved) {
            leases.reopen(position.inboxId(), now);
            Stored stored = rows.get(position.inboxId());
            rows.put(position.inboxId(), stored.with(InboxStatus.RECEIVED, stored.lastError()));
        }
        return moved;
    }

    private static boolean replayable(Stored stored, Instant recordsKeptSince) {
        return stored.payload().isPresent() && !stored.entry().receivedAt().isBefore(recordsKeptSince);
    }

    private static boolean selects(InboxSelection selection, NewInboxEvent entry) {
        return selection.provider().map(entry.provider()::equals).orElse(true)
                && selection.endpointId().map(entry.endpointId().value()::equals).orElse(true)
                && selection.eventType().map(entry.event().eventType()::equals).orElse(true)
                && selection.receivedFrom().map(from -> !entry.receivedAt().isBefore(from)).orElse(true)
                && selection.receivedTo().map(entry.receivedAt()::isBefore).orElse(true);
    }

    private static final java.util.Comparator<InboxSelection.Position> POSITION_ORDER = java.util.Comparator
            .comparing(InboxSelection.Position::receivedAt).thenComparing(InboxSelection.Position::inboxId);

    @Override
    public Purged purgePayloads(Instant processedBefore, Optional<Instant> failedBefore, int batch) {
        answer();
        payloadPurges.add(new PurgeRequest(processedBefore, batch));
        List<UUID> purged = rows.values().stream()
                .filter(stored -> stored.payload().isPresent() && leases.finished(stored.entry().inboxId())
                        && stored.entry().receivedAt().isBefore(stored.status() == InboxStatus.FAILED
                                ? failedBefore.orElse(Instant.MIN) : processedBefore))
                .limit(batch)
                .map(stored -> stored.entry().inboxId())
                .toList();
        List<PayloadObjectKey> objects = purged.stream().map(id -> rows.get(id).payload().orElseThrow())
                .flatMap(InMemoryInbox::objectOf).toList();
        purged.forEach(id -> rows.put(id, rows.get(id).withoutPayload()));
        return new Purged(purged.size(), objects);
    }

    /** PROCESSED rows received before the cut-off go; this fake keeps no outbox, so none waits for one. */
    @Override
    public Purged purgeFinished(Instant receivedBefore, int batch) {
        answer();
        PurgeRequest request = new PurgeRequest(receivedBefore, batch);
        finishedRowPurges.add(request);
        Map<UUID, Stored> before = Map.copyOf(rows);
        int purged = request.removeFrom(rows, stored -> stored.status() == InboxStatus.PROCESSED
                ? stored.entry().receivedAt() : Instant.MAX);
        return new Purged(purged, before.entrySet().stream().filter(row -> !rows.containsKey(row.getKey()))
                .flatMap(row -> row.getValue().payload().stream()).flatMap(InMemoryInbox::objectOf).toList());
    }

    /** Keeps no keys apart from its rows: records the request, deletes nothing. */
    @Override
    public int purgeKeysWithoutRows(Instant receivedBefore, int batch) {
        answer();
        keyPurges.add(new PurgeRequest(receivedBefore, batch));
        return 0;
    }

    public List<PurgeRequest> keyPurges() {
        return List.copyOf(keyPurges);
    }

    @Override
    public Set<PayloadObjectKey> stillNamed(Collection<PayloadObjectKey> objects) {
        answer();
        Set<PayloadObjectKey> named = rows.values().stream().flatMap(stored -> stored.payload().stream())
                .flatMap(InMemoryInbox::objectOf).collect(Collectors.toSet());
        return objects.stream().filter(named::contains).collect(Collectors.toSet());
    }

    private static Stream<PayloadObjectKey> objectOf(StoredPayload payload) {
        return payload instanceof StoredPayload.InObjectStore object ? Stream.of(object.key()) : Stream.empty();
    }

    @Override
    public Runnable snapshot() {
        List<Runnable> before = List.of(RollsBack.snapshotOf(rows), RollsBack.snapshotOf(seenBodies),
                leases.snapshot());
        return () -> before.forEach(Runnable::run);
    }

    private boolean end(UUID inboxId, int attempt, InboxStatus status, Optional<String> reason) {
        answer();
        if (!leases.holds(inboxId, attempt)) {
            return false;
        }
        leases.finish(inboxId);
        rows.put(inboxId, rows.get(inboxId).with(status, reason));
        return true;
    }

    private void answer() {
        if (unavailable) {
            throw new StoreUnavailableException("the inbox cannot answer", null);
        }
    }

    private static boolean sameLogicalEvent(NewInboxEvent a, NewInboxEvent b) {
        return a.provider().equals(b.provider()) && a.endpointId().equals(b.endpointId())
                && a.event().providerEventId().equals(b.event().providerEventId());
    }

    private record Stored(NewInboxEvent entry, InboxStatus status, Optional<StoredPayload> payload,
            Optional<String> lastError) {

        Stored with(InboxStatus newStatus, Optional<String> reason) {
            return new Stored(entry, newStatus, payload, reason);
        }

        Stored withoutPayload() {
            return new Stored(entry, status, Optional.empty(), lastError);
        }
    }

    private record SeenBody(UUID inboxId, Instant at) {
    }
}
